/* fmaxf - from musl (git 86373b49) src/math/fmaxf.c, unchanged; MIT licence, see README
 * in this directory. Algorithm and constants: musl itself. */
#include <math.h>

float fmaxf(float x, float y)
{
	if (isnan(x))
		return y;
	if (isnan(y))
		return x;
	/* handle signed zeroes, see C99 Annex F.9.9.2 */
	if (signbit(x) != signbit(y))
		return signbit(x) ? y : x;
	return x < y ? y : x;
}
