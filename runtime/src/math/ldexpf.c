/* ldexpf - from musl (git 86373b49) src/math/ldexpf.c, unchanged; MIT licence, see README
 * in this directory. Algorithm and constants: musl itself. */
#include <math.h>

float ldexpf(float x, int n)
{
	return scalbnf(x, n);
}
