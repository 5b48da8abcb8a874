/* System call numbers, Linux MIPS o32 (base 4000) and Kasane's own (from 7000). Shared by the kernel
 * and the runtime so each number is written once. */
#ifndef KASANE_SYSCALL_NR_H
#define KASANE_SYSCALL_NR_H

#define SYS_exit 4001
#define SYS_read 4003
#define SYS_write 4004
#define SYS_getpid 4020
#define SYS_brk 4045
#define SYS_exit_group 4246

#endif /* KASANE_SYSCALL_NR_H */
