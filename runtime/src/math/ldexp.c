/* ldexp - from musl (git 86373b49) src/math/ldexp.c, unchanged; MIT licence, see README
 * in this directory. Algorithm and constants: musl itself. */
#include <math.h>

double ldexp(double x, int n)
{
	return scalbn(x, n);
}
