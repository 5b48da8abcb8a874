/* Functions and globals shared between kernel files, grouped by the file that defines them. */
#ifndef KASANE_OS_DEFS_H
#define KASANE_OS_DEFS_H

#include <stddef.h>
#include <stdint.h>

struct kasane_bootinfo;
struct proc;
struct trapframe;
struct vmspace;

/* console.c */
void consputc(int c);
void consolewrite(const char* s, uint32_t n);
void consolewrite_fd(int fd, const char* s, uint32_t n);
int consolegetc(void);
int consoleready(void);

/* simctl.c */
void halt(int status) __attribute__((noreturn));
void simctl_panic(void) __attribute__((noreturn));

/* printf.c */
void printf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
void panic(const char* fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* string.c */
void* memset(void* dst, int c, size_t n);
void* memcpy(void* dst, const void* src, size_t n);
void* memmove(void* dst, const void* src, size_t n);
int memcmp(const void* a, const void* b, size_t n);
size_t strlen(const char* s);
size_t strnlen(const char* s, size_t max);
void safestrcpy(char* dst, const char* src, size_t size);

/* kalloc.c */
void kinit(uint32_t pa_start, uint32_t pa_end);
void* kalloc(void);
void* kzalloc(void);
void kfree(void* page);

/* vm.c */
extern uint32_t* cur_pgdir;
void tlbinit(void);
void switchkvm(void);
void tlb_invalidate(uint32_t va, uint32_t asid);
void tlb_flush_asid(uint32_t asid);
int uvm_create(struct vmspace* vm, uint32_t asid);
uint32_t* walkpte(uint32_t* pgdir, uint32_t va, int alloc);
void* uvm_page(struct vmspace* vm, uint32_t va, uint32_t perm);
int uvm_alloc(struct vmspace* vm, uint32_t start, uint32_t end, uint32_t perm);
void uvm_dealloc(struct vmspace* vm, uint32_t start, uint32_t end);
void uvm_free(struct vmspace* vm);
int uvm_mapped(struct vmspace* vm, uint32_t va);
int uvm_fault(struct vmspace* vm, uint32_t va, int write);
void* uva2ka(struct vmspace* vm, uint32_t va, int write);
int uvm_accessok(struct vmspace* vm, uint32_t va, uint32_t len, int write);
int copyout(struct vmspace* vm, uint32_t dst, const void* src, uint32_t len);
int copyin(struct vmspace* vm, void* dst, uint32_t src, uint32_t len);

/* exec.c */
const char* exec(struct proc* p, const struct kasane_bootinfo* bi);

/* proc.c */
extern char* cur_kstack;
struct proc* myproc(void);
struct proc* allocproc(void);
void userinit(const struct kasane_bootinfo* bi);
void scheduler(void) __attribute__((noreturn));
void proc_exit(struct proc* p, int status) __attribute__((noreturn));

/* trap.c */
void trapinit(void);
void trap(struct trapframe* tf);

/* trapasm.S */
void usertrapret(struct trapframe* tf) __attribute__((noreturn));

/* syscall.c */
void syscall(struct trapframe* tf);
int argint(int n, uint32_t* ip);

/* sysfile.c, sysproc.c: the system calls, sys_NAME(void) returning a value or -errno */
int32_t sys_read(void);
int32_t sys_write(void);
int32_t sys_exit(void);
int32_t sys_getpid(void);
int32_t sys_brk(void);

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define PGROUNDUP(a) (((uint32_t)(a) + PGSIZE - 1) & ~(uint32_t)(PGSIZE - 1))
#define PGROUNDDOWN(a) ((uint32_t)(a) & ~(uint32_t)(PGSIZE - 1))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

#endif /* KASANE_OS_DEFS_H */
