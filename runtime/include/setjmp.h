/* setjmp.h - non-local jumps. jmp_buf holds the callee-saved registers s0-s7, s8 (fp), sp, ra and
 * gp, the callee-saved FPU registers $f20..$f31 and FCSR (src/setjmp/setjmp.S has the layout).
 * No signal mask is saved. */
#ifndef _SETJMP_H
#define _SETJMP_H

/* 8-aligned: the FP registers are stored as doubles (sdc1). */
typedef unsigned long jmp_buf[26] __attribute__((__aligned__(8)));

__attribute__((__returns_twice__)) int setjmp(jmp_buf env);
__attribute__((__noreturn__)) void longjmp(jmp_buf env, int val);
/* setjmp and longjmp never save or restore the signal mask, so these are the same functions. */
__attribute__((__returns_twice__)) int _setjmp(jmp_buf env);
__attribute__((__noreturn__)) void _longjmp(jmp_buf env, int val);

#endif /* _SETJMP_H */
