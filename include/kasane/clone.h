/* Linux's clone flags (<linux/sched.h> values), shared by the kernel's clone (os/thread.c for
 * threads, os/fork.c for processes), the runtime's kernel thread backend and the tests: the ones
 * NPTL, glibc's fork and posix_spawn and BusyBox pass, and those the kernel refuses by name. */
#ifndef KASANE_CLONE_H
#define KASANE_CLONE_H

#define CSIGNAL 0x000000ff /* the exit signal, in the low byte */
#define CLONE_VM 0x00000100
#define CLONE_FS 0x00000200
#define CLONE_FILES 0x00000400
#define CLONE_SIGHAND 0x00000800
#define CLONE_PIDFD 0x00001000
#define CLONE_PTRACE 0x00002000
#define CLONE_VFORK 0x00004000
#define CLONE_PARENT 0x00008000
#define CLONE_THREAD 0x00010000
#define CLONE_NEWNS 0x00020000
#define CLONE_SYSVSEM 0x00040000
#define CLONE_SETTLS 0x00080000
#define CLONE_PARENT_SETTID 0x00100000
#define CLONE_CHILD_CLEARTID 0x00200000
#define CLONE_DETACHED 0x00400000
#define CLONE_UNTRACED 0x00800000
#define CLONE_CHILD_SETTID 0x01000000
#define CLONE_IO 0x80000000u

#endif /* KASANE_CLONE_H */
