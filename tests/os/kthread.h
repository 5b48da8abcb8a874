/* kthread.h - what the OS tests of kernel threads need while the runtime has no wrapper: Linux
 * clone with NPTL's flags through a small assembly entry (the child must not return into a C
 * frame it shares with its parent), and the raw system calls a thread may make without touching
 * errno (the runtime's errno is one word, shared by every thread here): futex, gettid, exit,
 * write. Header-only, like thread.h. */
#ifndef KASANE_OS_TEST_KTHREAD_H
#define KASANE_OS_TEST_KTHREAD_H

#include <kasane/syscall_nr.h>
#include <stdint.h>

#define KT_UNUSED __attribute__((__unused__))

#include <kasane/clone.h> /* Linux's clone flags */
/* What glibc's pthread_create passes. */
#define NPTL_FLAGS                                                                        \
  (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM |    \
   CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID)

#define FUTEX_WAIT 0
#define FUTEX_WAKE 1
#define FUTEX_PRIVATE_FLAG 128

/* kclone(flags, stack_top, ptid, tls, ctid, fn, arg): clone, and in the new thread call fn(arg)
 * on stack_top (8-aligned) and end the thread with exit(0) when it returns. The parent gets the
 * tid or -errno. fn and arg are stored on the new stack before the call, since the child has
 * only its registers and that stack. */
long kclone(unsigned long flags, void* stack_top, int* ptid, void* tls, int* ctid,
            void (*fn)(void*), void* arg);
__asm__(
    "  .text\n"
    "  .globl kclone\n"
    "  .type kclone, @function\n"
    "  .set push\n"
    "  .set noreorder\n"
    "kclone:\n"
    "  lw $t0, 20($sp)\n"  /* fn */
    "  lw $t1, 24($sp)\n"  /* arg */
    "  addiu $a1, $a1, -16\n"
    "  sw $t0, 0($a1)\n"
    "  sw $t1, 4($a1)\n"
    "  li $v0, 4120\n"     /* clone; ctid is the caller's 16($sp), o32's fifth argument */
    "  syscall\n"
    "  bnez $a3, 1f\n"
    "  nop\n"
    "  beqz $v0, 2f\n"
    "  nop\n"
    "  jr $ra\n"
    "  nop\n"
    "1:jr $ra\n"
    "  subu $v0, $zero, $v0\n"
    "2:lw $t9, 0($sp)\n"   /* the child, on the new stack */
    "  lw $a0, 4($sp)\n"
    "  jalr $t9\n"
    "  nop\n"
    "  move $a0, $zero\n"
    "  li $v0, 4001\n"     /* exit: this thread alone */
    "  syscall\n"
    "  .set pop\n"
    "  .size kclone, . - kclone\n");

/* A system call with up to four arguments: the result, or -errno. */
static KT_UNUSED long ksys(long n, long a, long b, long c, long d) {
  register long v0 __asm__("$2") = n;
  register long a0 __asm__("$4") = a;
  register long a1 __asm__("$5") = b;
  register long a2 __asm__("$6") = c;
  register long a3 __asm__("$7") = d;
  __asm__ volatile("syscall"
                   : "+r"(v0), "+r"(a3)
                   : "r"(a0), "r"(a1), "r"(a2)
                   : "$1", "$3", "$8", "$9", "$10", "$11", "$12", "$13", "$14", "$15", "$24",
                     "$25", "hi", "lo", "memory");
  return a3 ? -v0 : v0;
}

static KT_UNUSED long kgettid(void) { return ksys(SYS_gettid, 0, 0, 0, 0); }
static KT_UNUSED long kfutex(volatile int* addr, int op, int val, const void* timeout) {
  return ksys(SYS_futex, (long)addr, op, val, (long)timeout);
}
static KT_UNUSED void kexit_thread(int status) {
  ksys(SYS_exit, status, 0, 0, 0);
}
static KT_UNUSED long kwrite(int fd, const void* buf, unsigned long len) {
  return ksys(SYS_write, fd, (long)buf, (long)len, 0);
}

/* Wait until the thread whose CLEARTID word is *ctid has exited: the kernel zeroes the word and
 * wakes one waiter on it (how pthread_join waits). */
static KT_UNUSED void kjoin(volatile int* ctid) {
  for (int t; (t = *ctid) != 0;) kfutex(ctid, FUTEX_WAIT, t, 0);
}

#endif /* KASANE_OS_TEST_KTHREAD_H */
