/* __signbitf - from musl (git 86373b49) src/math/__signbitf.c, unchanged; MIT licence, see README
 * in this directory. Algorithm and constants: musl itself. */
#include "libm.h"

// FIXME: macro in math.h
int __signbitf(float x)
{
	union {
		float f;
		uint32_t i;
	} y = { x };
	return y.i>>31;
}
