/* fenv.h - the FPU's rounding mode (the FCSR's RM field; MIPS encodings). Exception flags are
 * not offered: the runtime's libm does not raise them reliably. */
#ifndef _FENV_H
#define _FENV_H

#define FE_TONEAREST 0
#define FE_TOWARDZERO 1
#define FE_UPWARD 2
#define FE_DOWNWARD 3

int fegetround(void);
/* 0, or nonzero (the mode unchanged) for a value that is not one of the four. */
int fesetround(int mode);

#endif /* _FENV_H */
