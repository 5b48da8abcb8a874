/* __math_invalidf - from musl (git 86373b49) src/math/__math_invalidf.c, unchanged; MIT licence, see README
 * in this directory. Algorithm and constants: musl itself. */
#include "libm.h"

float __math_invalidf(float x)
{
	return (x - x) / (x - x);
}
