/* kasane/syscalls.h - Kasane's own system calls (numbers from 7000), as C functions that return
 * -1 with errno on failure like the POSIX ones. What each does is described in os/syscalls.tbl;
 * the structures are in <kasane/notify.h>. */
#ifndef KASANE_SYSCALLS_H
#define KASANE_SYSCALLS_H

#include <sys/types.h>

struct kasane_notify_reg;
struct kasane_notify_stats;

/* Start a new process, a child of the caller, running the ELF program path with the
 * NULL-terminated argv and envp: its pid. */
pid_t kasane_spawn(const char* path, char* const argv[], char* const envp[]);

/* Register the thread runtime's kernel-notification upcall (reg NULL: unregister): 0. */
int kasane_notify_register(const struct kasane_notify_reg* reg);

/* Continue with the user registers saved in the thread management block thmb. Returns only on
 * error. */
int kasane_notify_resume(void* thmb);

/* The kernel's notification and signal counters for this process, into *out: 0. */
int kasane_notify_stats(struct kasane_notify_stats* out);

/* The hardware contexts this process may take with tfork: bit i set = LTN i+1. */
unsigned long kasane_contexts(void);

/* Start a free context of this process in user mode at pc, with $a0 = arg and $sp = sp, through
 * the kernel (no thread instruction): its LTN, or -1 with errno EAGAIN if none is free. */
long kasane_ctx_spawn(unsigned long pc, unsigned long arg, unsigned long sp);

/* Send sig to context ltn (1..) of this process alone: delivered there, it ends a kernel wait of
 * that context with EINTR and interrupts user code running there. With ltn 0, end with EINTR the
 * wait of the system call parked for the ThMB thmb, delivering nothing (-1 with ESRCH if none is
 * parked). The thread library's pthread_kill and pthread_cancel use it (os/sigthread.c). */
int kasane_ctx_kill(unsigned long ltn, int sig, void* thmb);

/* Start a free context of this process on core core (-1: the least-loaded core its affinity
 * allows) at pc, with $a0 = arg and $sp = sp, as kasane_ctx_spawn does on the caller's core. A
 * core the process is not on yet it gets at once if idle, else at the end of the running
 * process's time slice, and the context starts then. The context's machine-wide CPU number,
 * core * contexts-per-core + LTN - 1 (what `rdhwr $0` reads there), or -1 with errno EAGAIN
 * (no free context there) or EINVAL (no such core, or outside the affinity). */
long kasane_ctx_start(long core, unsigned long pc, unsigned long arg, unsigned long sp);

/* masks[c] = the contexts this process holds on core c (bit i = LTN i+1; 0 for a core it is not
 * on), for each c < n: the number of cores, or -1 with errno EFAULT. */
int kasane_ctx_map(unsigned long* masks, unsigned long n);

/* Begin (begin = 1) or end (0) region of interest id (0..255): stats.json reports the cycles and
 * instructions of each context between the two. 0, or -1 with EINVAL for a bad id. */
int kasane_roi(unsigned long begin, unsigned long id);

/* Report a figure by name for stats.json "reports" (analysis/ reads it as a column): name is 1 to
 * 31 characters of A-Z a-z 0-9 _ . -; a name reported again takes the new value. 0, or -1 with
 * EINVAL (bad name) or EFAULT. Under qemu-mipsel it fails with ENOSYS and changes nothing. */
int __kasane_report(const char* name, unsigned long lo, unsigned long hi);
static inline int kasane_report(const char* name, unsigned long long value) {
  return __kasane_report(name, (unsigned long)value, (unsigned long)(value >> 32));
}

#endif /* KASANE_SYSCALLS_H */
