/* Linux's clone flags (<linux/sched.h> values), shared by the kernel's clone (os/thread.c), the
 * runtime's kernel thread backend and the tests: the ones NPTL passes, which are what the kernel
 * accepts (os/README.md, "Threads"). */
#ifndef KASANE_CLONE_H
#define KASANE_CLONE_H

#define CSIGNAL 0x000000ff /* the exit signal, in the low byte */
#define CLONE_VM 0x00000100
#define CLONE_FS 0x00000200
#define CLONE_FILES 0x00000400
#define CLONE_SIGHAND 0x00000800
#define CLONE_THREAD 0x00010000
#define CLONE_SYSVSEM 0x00040000
#define CLONE_SETTLS 0x00080000
#define CLONE_PARENT_SETTID 0x00100000
#define CLONE_CHILD_CLEARTID 0x00200000

#endif /* KASANE_CLONE_H */
