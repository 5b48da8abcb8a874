/* tanhf - single-precision hyperbolic tangent, fdlibm's s_tanhf.c (as in FreeBSD's msun and
 * glibc 2.36), the float form of tanh.c, which says why it replaces musl's.
 *
 * ====================================================
 * Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 *
 * Developed at SunPro, a Sun Microsystems, Inc. business.
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * ====================================================
 *
 * Method: as tanh.c, with the split points 2**-27 (tanh(x) = x) and 9 (tanh(x) = 1). */
#include "libm.h"

float tanhf(float x)
{
	uint32_t jx, ix;
	float t, z;

	GET_FLOAT_WORD(jx, x);
	ix = jx & 0x7fffffff;
	if (ix >= 0x7f800000) {  /* inf or nan */
		if (jx >> 31)
			return 1/x - 1;
		return 1/x + 1;
	}
	if (ix < 0x41100000) {  /* |x| < 9 */
		if (ix < 0x32000000) {  /* |x| < 2**-27 */
			FORCE_EVAL(ix < 0x00800000 ? x*x : 1 + x);
			return x;
		}
		if (ix >= 0x3f800000) {  /* |x| >= 1 */
			t = expm1f(2*fabsf(x));
			z = 1 - 2/(t + 2);
		} else {
			t = expm1f(-2*fabsf(x));
			z = -t/(t + 2);
		}
	} else {
		z = 1 - 0x1p-120f;
	}
	return jx >> 31 ? -z : z;
}
