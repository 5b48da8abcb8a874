/* signal.h - signal numbers, with the MIPS Linux values (<asm/signal.h>: they differ from other
 * architectures' from SIGBUS up), signal sets, sigaction and the signal-sending calls.
 *
 * The structures have the Linux MIPS o32 layout, so a program sees the same fields it would see
 * under glibc: struct sigaction is what rt_sigaction takes (flags first on MIPS), sigset_t is the
 * kernel's 128-bit set, and siginfo_t has si_signo, si_code, si_errno and then the union at
 * byte 12. There are 31 signals (the kernel keeps no real-time ones). */
#ifndef _SIGNAL_H
#define _SIGNAL_H

#include <sys/types.h>

#include <kasane/signo.h> /* the signal numbers and si_codes, shared with the kernel */

#define NSIG 32 /* one more than the highest signal number */

/* Handlers and dispositions. A handler gets (sig, &info, &ucontext) whether or not SA_SIGINFO is
 * set: both kinds of handler may be installed the same way. */
typedef void (*sighandler_t)(int);
#define SIG_DFL ((sighandler_t)0)  /* the default action */
#define SIG_IGN ((sighandler_t)1)  /* ignore the signal */
#define SIG_ERR ((sighandler_t)-1) /* what a failing call returns in place of a handler */

/* sa_flags (MIPS values) the kernel acts on. */
/* SA_SIGINFO, SA_RESTART, SA_NODEFER, SA_RESETHAND: <kasane/signo.h>. */

/* sigprocmask's how: the MIPS values (1, 2, 3; other architectures have 0, 1, 2). */
#define SIG_BLOCK 1   /* add the set to the blocked signals */
#define SIG_UNBLOCK 2 /* remove the set from them */
#define SIG_SETMASK 3 /* make the set the blocked signals */

/* A set of signals: bit n - 1 of the first word is signal n. 128 bits, the size the kernel's
 * rt_sig* calls take (the rest is there for the layout only). */
typedef struct {
  unsigned long __bits[4];
} sigset_t;

union sigval {
  int sival_int;
  void* sival_ptr;
};

/* What a handler is told about a signal, Linux o32 layout (128 bytes). */
typedef struct {
  int si_signo;
  int si_code; /* MIPS puts si_code before si_errno */
  int si_errno;
  union {
    int __pad[29];
    struct {
      pid_t si_pid;
      uid_t si_uid;
      union sigval si_value;
    } __rt; /* kill, sigqueue */
    struct {
      pid_t si_pid;
      uid_t si_uid;
      int si_status;
      long si_utime, si_stime;
    } __chld; /* SIGCHLD, waitid */
    struct {
      void* si_addr;
    } __fault; /* SIGSEGV, SIGBUS, SIGILL, SIGFPE */
    struct {
      long si_band;
      int si_fd;
    } __poll; /* SIGIO */
  } __fields;
} siginfo_t;
#define si_pid __fields.__rt.si_pid
#define si_uid __fields.__rt.si_uid
#define si_value __fields.__rt.si_value
#define si_status __fields.__chld.si_status
/* si_code of SIGCHLD (and waitid) */
#define CLD_EXITED 1 /* exited: si_status is the exit status */
#define CLD_KILLED 2 /* killed by signal si_status */
#define CLD_DUMPED 3
#define CLD_STOPPED 5
#define CLD_CONTINUED 6
#define si_addr __fields.__fault.si_addr
#define si_band __fields.__poll.si_band
#define si_fd __fields.__poll.si_fd

/* The action for a signal: the MIPS order (flags first), as rt_sigaction reads it. */
struct sigaction {
  unsigned int sa_flags;
  union {
    sighandler_t sa_handler;
    void (*sa_sigaction)(int, siginfo_t*, void*);
  } __handler;
  sigset_t sa_mask; /* blocked, besides the signal itself, while the handler runs */
};
#define sa_handler __handler.sa_handler
#define sa_sigaction __handler.sa_sigaction

/* An integer a handler and the code it interrupts can both access atomically. */
typedef int sig_atomic_t;

/* Install handler for sig (BSD semantics: it stays installed): the previous handler, or SIG_ERR
 * with errno. */
sighandler_t signal(int sig, sighandler_t handler);

/* Store in *set the signals that are pending and blocked: 0, or -1 with errno. */
int sigpending(sigset_t* set);

/* Send signal sig to process pid: 0, or -1 with errno. */
int kill(pid_t pid, int sig);
/* Send sig to the calling process: 0, or -1 with errno. A handler runs before raise returns. */
int raise(int sig);
/* Set the action for sig from *act unless NULL, storing the old one in *oact unless NULL: 0, or
 * -1 with errno (EINVAL for SIGKILL, SIGSTOP or a number out of range). */
int sigaction(int sig, const struct sigaction* act, struct sigaction* oact);
/* Block, unblock or set (how) the signals in *set unless NULL, storing the old mask in *oset
 * unless NULL: 0, or -1 with errno. SIGKILL cannot be blocked. */
int sigprocmask(int how, const sigset_t* set, sigset_t* oset);

/* Signal sets: 0 (sigismember: 1 or 0), or -1 with errno EINVAL for a bad signal number. */
int sigemptyset(sigset_t* set);
int sigfillset(sigset_t* set);
int sigaddset(sigset_t* set, int sig);
int sigdelset(sigset_t* set, int sig);
int sigismember(const sigset_t* set, int sig);

/* Signals and threads (the thread library; runtime/README.md, "Signals and threads", says what
 * each backend does): sig to thread t (0: only whether t exists), and the calling thread's mask.
 * Both return 0 or an error number. */
struct __pthread;
int pthread_kill(struct __pthread* t, int sig);
int pthread_sigmask(int how, const sigset_t* set, sigset_t* oset);

/* Wait with the signal mask mask until a signal's handler has run: always -1, errno EINTR. */
int sigsuspend(const sigset_t* mask);

#endif /* _SIGNAL_H */
