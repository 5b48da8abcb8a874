/* The reference side of tests/unit/iss_fpu_qemu_test.cc, built with mipsel-linux-gnu-gcc
 * -static -march=mips32r2 -mfp32 and run under qemu-mipsel: for each line "OP A B C FCSR" of
 * stdin it sets FCSR, runs operation number OP (the order of kOps in the test) on A, B, C (bit
 * patterns; a single or word operand is the low 32 bits) and prints "RESULT FCSR" in hex. A
 * multiply-add computes A * B + C; a compare prints condition code 1. Generated once by a
 * script from the same list as kOps; keep the two in step. */
#include <stdint.h>
#include <stdio.h>

typedef union { uint64_t u; double d; float f[2]; uint32_t w[2]; } V;
static unsigned get_fcsr(void) { unsigned r; __asm__ volatile("cfc1 %0, $31" : "=r"(r)); return r; }
static void set_fcsr(unsigned v) { __asm__ volatile("ctc1 %0, $31" : : "r"(v)); }

static uint64_t run(int op, V x, V y, V z, unsigned fcsr, unsigned *out) {
  V r;
  r.u = 0;
  set_fcsr(fcsr);
  switch (op) {
    case 0: __asm__ volatile("add.s %0, %1, %2" : "=f"(r.f[0]) : "f"(x.f[0]), "f"(y.f[0])); break;
    case 1: __asm__ volatile("sub.s %0, %1, %2" : "=f"(r.f[0]) : "f"(x.f[0]), "f"(y.f[0])); break;
    case 2: __asm__ volatile("mul.s %0, %1, %2" : "=f"(r.f[0]) : "f"(x.f[0]), "f"(y.f[0])); break;
    case 3: __asm__ volatile("div.s %0, %1, %2" : "=f"(r.f[0]) : "f"(x.f[0]), "f"(y.f[0])); break;
    case 4: __asm__ volatile("sqrt.s %0, %1" : "=f"(r.f[0]) : "f"(x.f[0])); break;
    case 5: __asm__ volatile("recip.s %0, %1" : "=f"(r.f[0]) : "f"(x.f[0])); break;
    case 6: __asm__ volatile("rsqrt.s %0, %1" : "=f"(r.f[0]) : "f"(x.f[0])); break;
    case 7: __asm__ volatile("add.d %0, %1, %2" : "=f"(r.d) : "f"(x.d), "f"(y.d)); break;
    case 8: __asm__ volatile("sub.d %0, %1, %2" : "=f"(r.d) : "f"(x.d), "f"(y.d)); break;
    case 9: __asm__ volatile("mul.d %0, %1, %2" : "=f"(r.d) : "f"(x.d), "f"(y.d)); break;
    case 10: __asm__ volatile("div.d %0, %1, %2" : "=f"(r.d) : "f"(x.d), "f"(y.d)); break;
    case 11: __asm__ volatile("sqrt.d %0, %1" : "=f"(r.d) : "f"(x.d)); break;
    case 12: __asm__ volatile("recip.d %0, %1" : "=f"(r.d) : "f"(x.d)); break;
    case 13: __asm__ volatile("rsqrt.d %0, %1" : "=f"(r.d) : "f"(x.d)); break;
    case 14: __asm__ volatile("madd.s %0, %3, %1, %2" : "=f"(r.f[0]) : "f"(x.f[0]), "f"(y.f[0]), "f"(z.f[0])); break;
    case 15: __asm__ volatile("msub.s %0, %3, %1, %2" : "=f"(r.f[0]) : "f"(x.f[0]), "f"(y.f[0]), "f"(z.f[0])); break;
    case 16: __asm__ volatile("nmadd.s %0, %3, %1, %2" : "=f"(r.f[0]) : "f"(x.f[0]), "f"(y.f[0]), "f"(z.f[0])); break;
    case 17: __asm__ volatile("nmsub.s %0, %3, %1, %2" : "=f"(r.f[0]) : "f"(x.f[0]), "f"(y.f[0]), "f"(z.f[0])); break;
    case 18: __asm__ volatile("madd.d %0, %3, %1, %2" : "=f"(r.d) : "f"(x.d), "f"(y.d), "f"(z.d)); break;
    case 19: __asm__ volatile("msub.d %0, %3, %1, %2" : "=f"(r.d) : "f"(x.d), "f"(y.d), "f"(z.d)); break;
    case 20: __asm__ volatile("nmadd.d %0, %3, %1, %2" : "=f"(r.d) : "f"(x.d), "f"(y.d), "f"(z.d)); break;
    case 21: __asm__ volatile("nmsub.d %0, %3, %1, %2" : "=f"(r.d) : "f"(x.d), "f"(y.d), "f"(z.d)); break;
    case 22: __asm__ volatile("cvt.s.d %0, %1" : "=f"(r.f[0]) : "f"(x.d)); break;
    case 23: __asm__ volatile("cvt.d.s %0, %1" : "=f"(r.d) : "f"(x.f[0])); break;
    case 24: __asm__ volatile("cvt.w.s %0, %1" : "=f"(r.f[0]) : "f"(x.f[0])); break;
    case 25: __asm__ volatile("cvt.w.d %0, %1" : "=f"(r.f[0]) : "f"(x.d)); break;
    case 26: __asm__ volatile("round.w.s %0, %1" : "=f"(r.f[0]) : "f"(x.f[0])); break;
    case 27: __asm__ volatile("round.w.d %0, %1" : "=f"(r.f[0]) : "f"(x.d)); break;
    case 28: __asm__ volatile("trunc.w.s %0, %1" : "=f"(r.f[0]) : "f"(x.f[0])); break;
    case 29: __asm__ volatile("trunc.w.d %0, %1" : "=f"(r.f[0]) : "f"(x.d)); break;
    case 30: __asm__ volatile("ceil.w.s %0, %1" : "=f"(r.f[0]) : "f"(x.f[0])); break;
    case 31: __asm__ volatile("ceil.w.d %0, %1" : "=f"(r.f[0]) : "f"(x.d)); break;
    case 32: __asm__ volatile("floor.w.s %0, %1" : "=f"(r.f[0]) : "f"(x.f[0])); break;
    case 33: __asm__ volatile("floor.w.d %0, %1" : "=f"(r.f[0]) : "f"(x.d)); break;
    case 34: __asm__ volatile("cvt.s.w %0, %1" : "=f"(r.f[0]) : "f"(x.f[0])); break;
    case 35: __asm__ volatile("cvt.d.w %0, %1" : "=f"(r.d) : "f"(x.f[0])); break;
    case 36: __asm__ volatile("c.f.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 37: __asm__ volatile("c.f.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 38: __asm__ volatile("c.un.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 39: __asm__ volatile("c.un.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 40: __asm__ volatile("c.eq.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 41: __asm__ volatile("c.eq.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 42: __asm__ volatile("c.ueq.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 43: __asm__ volatile("c.ueq.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 44: __asm__ volatile("c.olt.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 45: __asm__ volatile("c.olt.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 46: __asm__ volatile("c.ult.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 47: __asm__ volatile("c.ult.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 48: __asm__ volatile("c.ole.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 49: __asm__ volatile("c.ole.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 50: __asm__ volatile("c.ule.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 51: __asm__ volatile("c.ule.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 52: __asm__ volatile("c.sf.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 53: __asm__ volatile("c.sf.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 54: __asm__ volatile("c.ngle.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 55: __asm__ volatile("c.ngle.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 56: __asm__ volatile("c.seq.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 57: __asm__ volatile("c.seq.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 58: __asm__ volatile("c.ngl.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 59: __asm__ volatile("c.ngl.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 60: __asm__ volatile("c.lt.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 61: __asm__ volatile("c.lt.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 62: __asm__ volatile("c.nge.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 63: __asm__ volatile("c.nge.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 64: __asm__ volatile("c.le.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 65: __asm__ volatile("c.le.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 66: __asm__ volatile("c.ngt.s $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.f[0]), "f"(y.f[0])); return (*out >> 25) & 1;
    case 67: __asm__ volatile("c.ngt.d $fcc1, %1, %2\n cfc1 %0, $31" : "=r"(*out) : "f"(x.d), "f"(y.d)); return (*out >> 25) & 1;
    case 68: __asm__ volatile("abs.s %0, %1" : "=f"(r.f[0]) : "f"(x.f[0])); break;
    case 69: __asm__ volatile("abs.d %0, %1" : "=f"(r.d) : "f"(x.d)); break;
    case 70: __asm__ volatile("neg.s %0, %1" : "=f"(r.f[0]) : "f"(x.f[0])); break;
    case 71: __asm__ volatile("neg.d %0, %1" : "=f"(r.d) : "f"(x.d)); break;
    case 72: __asm__ volatile("mov.d %0, %1" : "=f"(r.d) : "f"(x.d)); break;
  }
  *out = get_fcsr();
  return r.u;
}

int main(void) {
  int op;
  unsigned long long a, b, c;
  unsigned fcsr, out;
  while (scanf("%d %llx %llx %llx %x", &op, &a, &b, &c, &fcsr) == 5) {
    V x, y, z;
    x.u = a;
    y.u = b;
    z.u = c;
    uint64_t r = run(op, x, y, z, fcsr, &out);
    set_fcsr(0);
    printf("%llx %x\n", (unsigned long long)r, out);
  }
  return 0;
}
