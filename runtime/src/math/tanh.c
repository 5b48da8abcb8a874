/* tanh - hyperbolic tangent, fdlibm's s_tanh.c (as in FreeBSD's msun and glibc) rewritten in
 * musl's style; it replaces musl's own tanh, whose different split points leave results up to 2
 * ulps from glibc's (tests/libm): with the same expm1, this one matches it.
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
 * Method: tanh(x) = sign(x) * tanh(|x|), and with E = expm1(2|x|) or expm1(-2|x|):
 *   0 <= x < 2**-28 : tanh(x) = x, with inexact if x != 0
 *   2**-28 <= x < 1 : tanh(x) = -E / (E + 2),        E = expm1(-2x)
 *   1 <= x < 22     : tanh(x) = 1 - 2 / (E + 2),     E = expm1(2x)
 *   22 <= x <= INF  : tanh(x) = 1, with inexact
 * tanh(NaN) is NaN. */
#include "libm.h"

double tanh(double x)
{
	uint32_t jx, ix;
	double t, z;

	GET_HIGH_WORD(jx, x);
	ix = jx & 0x7fffffff;
	if (ix >= 0x7ff00000) {  /* inf or nan */
		if (jx >> 31)
			return 1/x - 1;
		return 1/x + 1;
	}
	if (ix < 0x40360000) {  /* |x| < 22 */
		if (ix < 0x3e300000) {  /* |x| < 2**-28 */
			/* raise inexact (and underflow for a subnormal) */
			FORCE_EVAL(ix < 0x00100000 ? x*x : 1 + x);
			return x;
		}
		if (ix >= 0x3ff00000) {  /* |x| >= 1 */
			t = expm1(2*fabs(x));
			z = 1 - 2/(t + 2);
		} else {
			t = expm1(-2*fabs(x));
			z = -t/(t + 2);
		}
	} else {
		/* |x| >= 22: 1 - tiny, inexact */
		z = 1 - 0x1p-1022;
	}
	return jx >> 31 ? -z : z;
}
