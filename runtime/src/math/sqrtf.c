/* sqrtf - single-precision square root with sqrt.s, correctly rounded like sqrt.d (sqrt.c). */
#include <math.h>

float sqrtf(float x) { return __builtin_sqrtf(x); }
