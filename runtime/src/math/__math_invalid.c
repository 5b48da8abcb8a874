/* __math_invalid - from musl (git 86373b49) src/math/__math_invalid.c, unchanged; MIT licence, see README
 * in this directory. Algorithm and constants: musl itself. */
#include "libm.h"

double __math_invalid(double x)
{
	return (x - x) / (x - x);
}
