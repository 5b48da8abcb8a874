/* thread.h - what the OS tests need to run C code on more than one hardware context: start a
 * function on a free context with TFORK (its own stack, a flag when it returns), read the cycle
 * counter, and spawn this very program again as a child. Header-only, like check.h, so each test
 * stays one file.
 *
 * TFORK starts the new context at thread_entry with $a0 = the struct thread and $gp copied, every
 * other register 0 (sim/core/exec_thread.cc, exec_tfork): thread_entry gives it its stack, calls
 * fn(arg), sets `done` and ends the context with TEXIT. The kernel is not told: the context
 * simply belongs to the process until then (os/sched.c). */
#ifndef KASANE_OS_TEST_THREAD_H
#define KASANE_OS_TEST_THREAD_H

#include <kasane/kasane_isa.h>
#include <kasane/syscalls.h>
#include <stdint.h>
#include <sys/types.h>

#define THREAD_UNUSED __attribute__((__unused__))

struct thread {
  void (*fn)(void*);    /* offset 0 */
  void* arg;            /* 4 */
  uint32_t sp;          /* 8: initial $sp, 8-aligned, 16 bytes of argument area above it */
  volatile int done;    /* 12: set when fn has returned */
  long ltn;             /* the context it got */
};

void thread_entry(void);
__asm__(
    "  .text\n"
    "  .globl thread_entry\n"
    "  .type thread_entry, @function\n"
    "  .set push\n"
    "  .set noreorder\n"
    "thread_entry:\n"
    "  move $s0, $a0\n"
    "  lw $sp, 8($s0)\n"
    "  lw $t9, 0($s0)\n"
    "  jalr $t9\n"
    "  lw $a0, 4($s0)\n"
    "  li $t0, 1\n"
    "  sw $t0, 12($s0)\n"
    "  .word 0x4a000002\n" /* TEXIT */
    "  .set pop\n"
    "  .size thread_entry, . - thread_entry\n");

/* Start fn(arg) on a free context allowed by the kernel, on the stack [stack, stack + size):
 * its LTN, or 0 if no context is free. */
static THREAD_UNUSED long thread_start(struct thread* t, void (*fn)(void*), void* arg, void* stack,
                                       uint32_t size) {
  t->fn = fn;
  t->arg = arg;
  t->sp = (((uint32_t)stack + size) & ~7u) - 16;
  t->done = 0;
  t->ltn = kasane_tfork((unsigned long)thread_entry, (unsigned long)t);
  return t->ltn;
}

/* The number of contexts in mask (kasane_contexts()). */
static THREAD_UNUSED int context_count(unsigned long mask) { return __builtin_popcount(mask); }

/* The core's cycle counter, low word (RDHWR 2: CC counts every cycle). */
static THREAD_UNUSED uint32_t cycles(void) {
  uint32_t c;
  __asm__ volatile("rdhwr %0, $2" : "=r"(c));
  return c;
}

/* Spawn this program again (argv[0] names the boot program, which spawn can start from memory)
 * with arguments a1 and a2 (a2 may be NULL) and an empty environment: the child's pid, or -1. */
static THREAD_UNUSED pid_t spawn_self(const char* argv0, const char* a1, const char* a2) {
  char* argv[] = {(char*)argv0, (char*)a1, (char*)a2, 0};
  char* envp[] = {0};
  return kasane_spawn(argv0, argv, envp);
}

#endif /* KASANE_OS_TEST_THREAD_H */
