/* setjmp.h - non-local jumps. jmp_buf holds the callee-saved registers s0-s7, s8 (fp), sp, ra and
 * gp; with soft float there are no floating-point registers to keep. No signal mask is saved. */
#ifndef _SETJMP_H
#define _SETJMP_H

typedef unsigned long jmp_buf[12];

__attribute__((__returns_twice__)) int setjmp(jmp_buf env);
__attribute__((__noreturn__)) void longjmp(jmp_buf env, int val);

#endif /* _SETJMP_H */
