/* image-reduce: the papers' parallel image reduction (seed 002), bare metal. A W x H 8-bit image
 * is shrunk to W/2 x H/2: each output pixel is a weighted average of a 2x2 block,
 * (3*a + 5*b + 5*c + 3*d) / 16, so every pixel costs multiplies on the complex ALU. Context k of n
 * takes rows k, k+n, k+2n, ... (its RDHWR $0 number decides its share), for the input image and
 * then for the output. Context 0 waits for all, prints a checksum and exits 0. The checksum is
 * the same for any number of contexts; the cycle count is what changes. Experiment E2 runs
 * workloads/imagereduce instead, a POSIX-threads version under the kernel whose multiplies reach
 * the multiplier (here gcc turns 3*a and 5*b into shifts and adds); this one drives the SMT
 * pipeline without the OS, for the pipeline tests and the benchmark. */
#include "bare.h"

#define W 256
#define H 256

static uint8_t in[H][W];
static uint8_t out[H / 2][W / 2];
static volatile uint32_t filled, reduced;

/* A deterministic test image: a cheap hash of the coordinates. */
static uint8_t pixel(uint32_t x, uint32_t y) {
  uint32_t v = x * 2654435761u ^ y * 40503u;
  return (uint8_t)(v >> 13);
}

int main(uint32_t id, uint32_t n) {
  for (uint32_t y = id; y < H; y += n)
    for (uint32_t x = 0; x < W; ++x) in[y][x] = pixel(x, y);
  barrier(&filled, n);
  for (uint32_t y = id; y < H / 2; y += n) {
    for (uint32_t x = 0; x < W / 2; ++x) {
      uint32_t a = in[2 * y][2 * x], b = in[2 * y][2 * x + 1];
      uint32_t c = in[2 * y + 1][2 * x], d = in[2 * y + 1][2 * x + 1];
      out[y][x] = (uint8_t)((3 * a + 5 * b + 5 * c + 3 * d) / 16);
    }
  }
  barrier(&reduced, n);
  if (id != 0) return 0;
  uint32_t sum = 0;
  for (uint32_t y = 0; y < H / 2; ++y)
    for (uint32_t x = 0; x < W / 2; ++x) sum = sum * 31 + out[y][x];
  bare_puts("image-reduce checksum ");
  bare_putu(sum);
  bare_puts("\n");
  return 0;
}
