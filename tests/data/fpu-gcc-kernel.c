/* Code as gcc emits it for the o32 hard-float ABI (-O2 -march=mips32r2 -mfp32 -fno-math-errno):
 * sums, products, a square root, float multiply-adds, conversions both ways, compares and
 * branches on them, special values (denormals, overflow, -0, a division by -0). It prints each
 * result's bit pattern in hex. Built twice by tests/host/test_fpu_gcc.py: with -DBARE it is a
 * bare-metal program for Kasane (kernel mode: it sets Status.CU1 itself and writes to the UART);
 * without, a static Linux program for qemu-mipsel. The two outputs must be equal. */
typedef unsigned long long u64;
static void put(const char *s);
static void hex(u64 v) { char b[18]; for (int i = 15; i >= 0; --i) { b[i] = "0123456789abcdef"[v & 15]; v >>= 4; } b[16] = '\n'; b[17] = 0; put(b); }
static u64 bits(double d) { union { double d; u64 u; } x; x.d = d; return x.u; }
static unsigned fbits(float f) { union { float f; unsigned u; } x; x.f = f; return x.u; }
volatile double vin[8] = {1.0, -2.5, 3.25e10, 1e-310, 0.1, -0.0, 7.0, 1e300};
volatile float fin[4] = {1.5f, -3.25f, 1e-40f, 3.4e38f};
void work(void) {
  double s = 0, p = 1;
  for (int i = 0; i < 8; ++i) { s += vin[i] * 1.5 + (double)i / 3.0; p *= (vin[i] != 0 ? vin[i] : 2.0); }
  hex(bits(s)); hex(bits(p));
  double r = __builtin_sqrt(vin[2]); hex(bits(r));
  float f = 0; for (int i = 0; i < 4; ++i) f = f * fin[i] + fin[(i + 1) & 3]; hex(fbits(f));
  int k = (int)vin[2] / 7; hex((unsigned)k);
  unsigned u = (unsigned)(vin[6] * 1e8); hex(u);
  hex(vin[0] < vin[1]); hex(vin[4] >= vin[4] * 0.999); hex(fin[2] < fin[0]);
  float g = (float)vin[7]; hex(fbits(g)); double h = (double)fin[1]; hex(bits(h));
  double m = vin[3] * vin[3]; hex(bits(m)); hex(bits(vin[7] * vin[7]));
  double q = vin[4] / vin[5]; hex(bits(q));
  double t = __builtin_fabs(vin[1]) - vin[6]; hex(bits(t)); hex(bits(-t));
  double mx = vin[0] > vin[6] ? vin[0] : vin[6]; hex(bits(mx));
}
#ifdef BARE
#define UART ((volatile unsigned *)0xbf000000)
#define SIMCTL ((volatile unsigned *)0xbf001000)
static void put(const char *s) { while (*s) *UART = *s++; }
void cmain(void) { work(); *SIMCTL = 0; for (;;) ; }
__asm__(".globl _start\n_start:\n la $sp, 0x80100000\n mfc0 $t0, $12\n lui $t1, 0x2000\n or $t0, $t0, $t1\n mtc0 $t0, $12\n ehb\n j cmain\n nop\n");
#else
#include <stdio.h>
static void put(const char *s) { fputs(s, stdout); }
int main(void) { work(); return 0; }
#endif
