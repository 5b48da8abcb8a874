/* Functions and globals shared between kernel files, grouped by the file that defines them. */
#ifndef KASANE_OS_DEFS_H
#define KASANE_OS_DEFS_H

#include <stddef.h>
#include <stdint.h>

#include "mips.h"
#include "param.h"

struct kasane_bootinfo;
struct cpu;
struct kcontext;
struct kthread;
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
uint64_t cycles(void);
void roi(int begin, uint32_t id);
void simctl_report(const char* name, uint32_t len, uint64_t value);

/* printf.c */
#include <stdarg.h>
void vformat(void (*out)(void*, int), void* arg, const char* fmt, va_list ap);
void printf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
void panic(const char* fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* string.c */
void* memset(void* dst, int c, size_t n);
void* memcpy(void* dst, const void* src, size_t n);
void* memmove(void* dst, const void* src, size_t n);
int memcmp(const void* a, const void* b, size_t n);
size_t strlen(const char* s);
size_t strnlen(const char* s, size_t max);
int strcmp(const char* a, const char* b);
void safestrcpy(char* dst, const char* src, size_t size);

/* spinlock.c */
void acquire(void);
void release(void);
int holding(void);

/* kalloc.c */
void kinit(uint32_t pa_start, uint32_t pa_end);
void* kalloc(void);
uint32_t kfreepages(void);
uint32_t ktotalpages(void);
void* kzalloc(void);
void kfree(void* page);
int kref(void* page);
int kshared(void* page);
void kunref(void* page);
void kmemcount(uint32_t* total, uint32_t* nfree);

/* vm.c */
extern uint32_t* cur_pgdir[NCTX];
void tlbinit(void);
void switchkvm(void);
void switchuvm(uint32_t* pgdir);
void tlb_flush_all(void);
void tlb_invalidate(uint32_t va, uint32_t asid);
void tlb_flush_asid(uint32_t asid);
struct vmspace* uvm_create(void);
struct vmspace* uvm_get(struct vmspace* vm);
void uvm_put(struct vmspace* vm);
struct vmspace* uvm_copy(struct vmspace* src);
uint32_t* walkpte(uint32_t* pgdir, uint32_t va, int alloc);
void* uvm_page(struct vmspace* vm, uint32_t va, uint32_t perm);
int uvm_alloc(struct vmspace* vm, uint32_t start, uint32_t end, uint32_t perm);
void uvm_dealloc(struct vmspace* vm, uint32_t start, uint32_t end);
int uvm_mapped(struct vmspace* vm, uint32_t va);
int uvm_fault(struct vmspace* vm, uint32_t va, int write);
void* uva2ka(struct vmspace* vm, uint32_t va, int write);
int uvm_accessok(struct vmspace* vm, uint32_t va, uint32_t len, int write);
int copyout(struct vmspace* vm, uint32_t dst, const void* src, uint32_t len);
int copyin(struct vmspace* vm, void* dst, uint32_t src, uint32_t len);
int copyinstr(struct vmspace* vm, char* dst, uint32_t src, uint32_t max);

/* region.c */
int regionof(struct vmspace* vm, uint32_t va);
int uvm_addregion(struct vmspace* vm, uint32_t start, uint32_t end, uint32_t perm);
int uvm_unmapregion(struct vmspace* vm, uint32_t start, uint32_t end);
int region_copy(struct vmspace* dst, struct vmspace* src);
void region_free(struct vmspace* vm);

/* exec.c */
extern const char EXEC_ENOENT[], EXEC_EFAULT[], EXEC_E2BIG[], EXEC_ENOMEM[], EXEC_EACCES[];
int exec_errno(const char* why);
const char* exec_boot(struct proc* p, const struct kasane_bootinfo* bi);
struct kasane_bootprog;
const char* exec_bootprog(struct proc* p, const struct kasane_bootprog* prog);
const char* exec_path(struct proc* p, const char* path, struct vmspace* from, uint32_t argv,
                      uint32_t envp);

/* swtch.S */
void swtch(struct kcontext* save, struct kcontext* load);

/* sched.c */
extern uint32_t cpu_kstack[NCTX];
extern uint32_t usermask;
struct kthread* mykt(void);
struct proc* myproc(void);
void waitkick(uint32_t cycles);
void sched(void);
void startctx(int ctx);
int trystartctx(int ctx);
int parked_ready(void);
struct proc* nextready(struct proc* p);
int switch_due(struct proc* p);
int slice_over(struct proc* p);
struct proc* next_proc(struct proc* p);
void sleep(void* chan);
void ready_kt(struct kthread* kt);
void wakeup(void* chan);
void schedinit(const struct kasane_bootinfo* bi);
void schedinit_core(void);
void schedstart(void) __attribute__((noreturn));
void cpu_main(void) __attribute__((noreturn));
void sched_run(struct kthread* kt) __attribute__((noreturn));
void sched_run_parked(void);
int gang_step(struct proc* p);
void waitctxs(struct proc* p);

/* ctxsched.c: context mode, every context a CPU (os.smt_sched = "context") */
struct fair_entity;
struct fair_rq;
void ctx_init(void);
void ctx_cpu_start(void);
void ctx_boot_siblings(void);
void ctx_scheduler(void) __attribute__((noreturn));
void sched_run_ctx(struct kthread* kt) __attribute__((noreturn));
int ctx_newproc(struct proc* p);
void ctx_ready(struct kthread* kt);
void ctx_ready_bound(struct kthread* kt);
void ctx_tell(int cpu);
int ctx_home(struct kthread* kt);
int ctx_must_yield(struct kthread* kt);
void ctx_yield(struct kthread* kt);
int ctx_yield_call(struct kthread* kt);
void ctx_poke(struct kthread* kt);
void ctx_kick_proc(struct proc* p);
void ctx_tlb_shootdown(struct vmspace* vm);
int ctx_switch_due(void);
int ctx_slice_over(void);
int ctx_waiting(void);
void ctx_tick(void);
int ctx_want_gang(struct kthread* kt);
void ctx_gang_want(struct proc* p, int core);
void ctx_reap(struct proc* p);
void ctx_detached_ended(struct proc* p);
uint32_t ctx_cookie_of(const struct fair_entity* se);

/* coresched.c: PR_SCHED_CORE cookies */
uint32_t thread_cookie(struct kthread* kt);
int coresched_fits(uint32_t cookie, int cpu);
int coresched_constrained(int cpu);
struct fair_entity* coresched_pick(int cpu, struct fair_rq* q);
void coresched_started(int cpu, uint32_t cookie);
int coresched_waiting(int core);
void coresched_forced(int cpu);
void coresched_left(int cpu);
void coresched_tick(int cpu);

/* procstat.c: what runs where, for the simulator's per-process figures */
void procstat_new(struct proc* p);
void procstat_exit(int pid, int status);
void procstat_run(struct kthread* kt);
void procstat_cpu(int state);
void procstat_core(struct proc* p);

/* sysias.c: the thread-picking policy's boot settings (fair.h has the policy). */
void fairinit(const struct kasane_bootinfo* bi);

/* smp.c. Which CPU, core and context runs: inline, with tables smpinit fills rather than a
 * division, as every trap, scheduler pass and timer interrupt asks. */
struct core;
struct vmspace;
extern int ncores;
extern int ncontexts;
extern int ctxmode; /* os.smt_sched = "context" (ctxsched.c) */
extern uint8_t cpu_hwctx[NCTX]; /* by CPU number: its index in its core, whatever the mode */
extern uint8_t cpu_core[NCTX], cpu_ctx[NCTX]; /* by CPU number: its core, its index there */
extern struct core* cpu_corep[NCTX];          /* by CPU number: &cores[its core] */
/* The CPU number of the context running this code: core * contexts + context (EBase.CPUNum). */
static inline int cpuid(void) { return c0_read(CP0_EBASE) & EBASE_CPUNUM; }
/* This context's index within its core (its LTN - 1). */
static inline int ctxid(void) { return cpu_ctx[cpuid()]; }
/* This context's core. */
static inline int coreid(void) { return cpu_core[cpuid()]; }
static inline struct core* mycore(void) { return cpu_corep[cpuid()]; }
int cpunum(int core, int ctx);
void smpinit(const struct kasane_bootinfo* bi);
void ipi_ack(void);
void ipi_raise(int cpu);
void kick_cpu(int n);
void kick(int ctx);
void kick_proc(struct proc* p);
void tlb_shoot_answer(void);
void tlb_shootdown(struct vmspace* vm);
void smp_release(void);
void mpmain(void) __attribute__((noreturn));

/* affinity.c */
uint32_t allcores(void);
int affinity_allows(const struct proc* p, int core);

/* balance.c */
int uthread_allowed(struct kthread* kt, int core);
int balance_home(struct kthread* kt);
void balance_move(struct kthread* kt, int to);
int balance_pull(struct proc* p);
int balance_idle(void);
void balance_kick(void);
void balance_tick(void);
struct kthread* balance_thread(uint32_t tid);
uint32_t balance_getaffinity(struct kthread* kt);
void balance_setaffinity(struct kthread* kt, uint32_t mask);

/* gang.c */
extern int ncpus; /* ktof() and gang_has() are inline in proc.h */
int gang_movable(struct proc* p, int core);
int gang_from(struct proc* p);
void gang_move(struct proc* p, int from);
void kt_prepare_user(struct kthread* me, struct kthread* kt, uint32_t pc, uint32_t arg,
                     uint32_t sp);

/* proc.c */
struct proc* allocproc(void);
void freeproc(struct proc* p);
void userinit(const struct kasane_bootinfo* bi);
void proc_exit(struct proc* p, int status);
void proc_exit_signal(struct proc* p, int sig);
void proc_detached_ended(struct proc* p);
void kt_exit(struct kthread* kt) __attribute__((noreturn));
int proc_reap_threads(struct proc* p);
int proc_kill(int pid, int sig, int from, int tkill);
int proc_spawn(const char* path, uint32_t argv, uint32_t envp);
int proc_start(struct proc* p);

/* fork.c */
struct proc* proc_find(int pid);
int32_t proc_clone(uint32_t flags, uint32_t newsp, uint32_t ptid, uint32_t tls, uint32_t ctid);
void vfork_release(struct proc* p);
int newpid(void);
int newpid_peek(void);

/* poll.c */
void poll_wakeup(void);

/* usage.c */
enum { RUSAGE_BOTH = 2 }; /* usage_rusage: a child's own time and its children's */
void usage_reaped(struct proc* c);
void usage_rusage(struct proc* p, int who, int32_t* ru);
uint64_t usage_cpu(struct proc* p, struct kthread* kt);

/* timer.c */
void timer_rearm(void);
void timer_newslice(void);
void timer_intr(void);
int timer_sleep_until(uint64_t when);
int timer_wait(uint64_t when, void* chan, volatile int* done);

/* sysprio.c */
void prio_inherit(struct kthread* parent, struct kthread* child);

/* thread.c */
int thread_tid(struct kthread* kt);

/* uthread.c */
extern int nuthreads;
void uthread_init(void);
void uthread_charge(struct kthread* kt);
void uthread_enqueue(struct kthread* kt, int flags);
void uthread_foreach(struct proc* p, void (*fn)(struct kthread*, uint32_t), uint32_t arg);
struct kthread* uthread_alloc(struct proc* p);
void uthread_free(struct kthread* kt);
int uthread_queued(struct proc* p, int core);
struct kthread* uthread_take(struct proc* p);
void uthread_running(struct kthread* kt);
void uthread_fill(struct proc* p);
void uthread_ready(struct kthread* kt);
void uthread_yield(struct kthread* kt);
void uthread_stopped(struct kthread* kt);
int uthread_must_yield(struct kthread* kt);
int uthread_waiting(void);
void uthread_tick(void);
struct proc* uthread_slice_end(struct proc* p);
void uthread_gather(struct proc* p);
void uthread_forget_signal(struct proc* p, int sig);
void uthread_interrupt(struct proc* p);
void uthread_wakeup(void* chan);
struct kthread* uthread_find(struct proc* p, int tid);
void uthread_cputime(struct proc* p, uint64_t* u, uint64_t* s);

/* futex.c */
int futex_wake(struct proc* p, uint32_t uaddr, int n);

extern uint32_t clock_khz;

/* sysinfo.c */
void random_bytes(void* buf, uint32_t n);

/* systime.c */
extern uint32_t epoch;
uint64_t clock_offset_ns(uint32_t clk);
uint64_t realtime_ns(void);

/* itimer.c */
uint64_t itimer_next(void);
void itimer_expire(uint64_t now);

/* trap.c */
void trapinit(void);
void trap(struct trapframe* tf);
void kt_start_user(void) __attribute__((noreturn));

/* trapasm.S */
void usertrapret(struct trapframe* tf) __attribute__((noreturn));

/* syscall.c (the handlers, int32_t sys_NAME(void), are declared by the table it includes) */
void syscall(struct trapframe* tf);
enum { SETTLE_NO_HANDLER, SETTLE_HANDLER, SETTLE_HANDLER_RESTART, SETTLE_EINTR };
enum { ERESTARTSYS_KIND = 1, ERESTARTNOHAND_KIND = 2 }; /* kthread.restart */
void syscall_settle(struct kthread* kt, int how);
int argint(int n, uint32_t* ip);
int argaddr(int n, uint32_t* ap);
const char* syscall_name(uint32_t num);

/* notify.c */
struct kthread* notify_block(struct kthread* kt, void* chan);
void notify_switch(struct kthread* pk, struct kthread* kt);
void notify_finish(struct kthread* kt) __attribute__((noreturn));
void notify_deliver(struct kthread* kt);
void notify_preempt(struct kthread* kt);
void notify_move(struct proc* p, int from, int to);

/* fpu.c, fpuasm.S */
struct fpstate;
int fpu_enable(struct kthread* kt, struct trapframe* tf);
void fpu_flush(struct kthread* kt);
void fpu_discard(struct kthread* kt);
void fpu_release(struct kthread* kt);
void fpu_save(struct fpstate* fp);
void fpu_load(const struct fpstate* fp);
void fpu_zero(void);

/* signal.c */
int interrupted(struct kthread* kt);
int signal_dropped(struct proc* p, int sig, uint32_t mask);
void signal_send(struct proc* p, int sig, int from, int tkill);
void signal_child(struct proc* parent, struct proc* c);
void signal_deliver(struct kthread* kt);
int signal_frame(struct kthread* kt, int sig, int code, uint32_t addr, uint32_t value);

/* sigthread.c */
void signal_send_kt(struct kthread* kt, int sig, int from);

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define PGROUNDUP(a) (((uint32_t)(a) + PGSIZE - 1) & ~(uint32_t)(PGSIZE - 1))
#define PGROUNDDOWN(a) ((uint32_t)(a) & ~(uint32_t)(PGSIZE - 1))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

#endif /* KASANE_OS_DEFS_H */
