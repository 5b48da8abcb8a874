/* Signal numbers, the si_codes Kasane sends and sigaction's flags, with the Linux MIPS o32 values
 * (arch/mips/include/uapi/asm/signal.h: they differ from other architectures' from SIGBUS up;
 * include/uapi/asm-generic/siginfo.h). One table for the kernel (os/signal.c, os/trap.c,
 * os/itimer.c) and the runtime (<signal.h>, pthread_kill). There are 31 signals: the kernel keeps
 * no real-time ones. */
#ifndef KASANE_SIGNO_H
#define KASANE_SIGNO_H

#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGIOT SIGABRT
#define SIGEMT 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGBUS 10
#define SIGSEGV 11
#define SIGSYS 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGUSR1 16
#define SIGUSR2 17
#define SIGCHLD 18
#define SIGPWR 19
#define SIGWINCH 20
#define SIGURG 21
#define SIGIO 22
#define SIGPOLL SIGIO
#define SIGSTOP 23
#define SIGTSTP 24
#define SIGCONT 25
#define SIGTTIN 26
#define SIGTTOU 27
#define SIGVTALRM 28
#define SIGPROF 29
#define SIGXCPU 30
#define SIGXFSZ 31

/* si_code: who sent a signal. */
#define SI_USER 0    /* kill or raise */
#define SI_TKILL (-6) /* tgkill or tkill: sent to one thread */
#define SI_KERNEL 0x80 /* the kernel: SIGALRM from alarm and setitimer */

/* sigaction's sa_flags (MIPS values). */
#define SA_NOCLDSTOP 0x00000001u /* SIGCHLD: not for a child that stops (none do here) */
#define SA_SIGINFO 0x00000008u   /* the handler is sa_sigaction(sig, info, ucontext) */
#define SA_NOCLDWAIT 0x00010000u /* SIGCHLD: ended children leave no zombie to wait for */
#define SA_RESTART 0x10000000u   /* wait4 and an untimed futex wait go on after the handler */
#define SA_NODEFER 0x40000000u   /* do not block the signal while its handler runs */
#define SA_RESETHAND 0x80000000u /* back to SIG_DFL once the handler has been entered */

#endif /* KASANE_SIGNO_H */
