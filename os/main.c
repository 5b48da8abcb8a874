/* main: what CPU 0 does after entry.S, once: check the boot protocol, set up memory, the TLB
 * and traps, load the program and run it. The kernel prints nothing on a normal run: the console
 * is also the program's stdout. */
#include <kasane/bootinfo.h>

#include "bio.h"
#include "defs.h"
#include "fs.h"
#include "mips.h"
#include "param.h"

extern char end[]; /* first address after the kernel image (kernel.ld) */

/* Whether the physical range [pa, pa + size) lies inside [lo, hi). */
static int within(uint32_t pa, uint32_t size, uint32_t lo, uint32_t hi) {
  return pa >= lo && pa <= hi && size <= hi - pa;
}

/* Check what kasane-sim handed over (magic, version, and that every block lies in the boot block,
 * reachable through kseg0); a mismatch is a panic that says which. */
static void checkbootinfo(const struct kasane_bootinfo* bi, uint32_t magic) {
  /* Not from user mode: boot, before any program runs. */
  if (magic != KASANE_BOOT_MAGIC || bi->magic != KASANE_BOOT_MAGIC)
    panic("bad boot magic 0x%x / 0x%x (want 0x%x): not started by kasane-sim?", magic, bi->magic,
          KASANE_BOOT_MAGIC);
  /* Not from user mode: boot, before any program runs. */
  if (bi->version != KASANE_BOOT_VERSION)
    panic("boot protocol version %u, kernel speaks %u", bi->version, KASANE_BOOT_VERSION);
  uint32_t top = MIN(bi->ram_size, KSEG0REACH);
  /* Not from user mode: boot, before any program runs. */
  if (bi->boot_pa % PGSIZE || bi->boot_pa < PGROUNDUP(V2P(end)) || bi->boot_pa > top)
    panic("bootinfo: boot block at 0x%x outside free RAM [0x%x, 0x%x)", bi->boot_pa,
          PGROUNDUP(V2P(end)), top);
  /* Not from user mode: boot, before any program runs. */
  if ((bi->program_pa && !within(bi->program_pa, bi->program_size, bi->boot_pa, top)) ||
      !within(bi->args_pa, bi->args_size, bi->boot_pa, top) ||
      !within(bi->env_pa, bi->env_size, bi->boot_pa, top))
    panic("bootinfo: program, arguments or environment outside the boot block");
  /* Not from user mode: boot, before any program runs. */
  if (bi->stack_offset > KASANE_STACK_OFFSET_MAX || bi->stack_offset % KASANE_STACK_OFFSET_ALIGN)
    panic("bootinfo: stack offset %u is not a multiple of %u in 0..%u", bi->stack_offset,
          KASANE_STACK_OFFSET_ALIGN, KASANE_STACK_OFFSET_MAX);
}

/* Called by entry.S on context 0 with the boot protocol's $a0 and $a1. Does not return. */
void main(const struct kasane_bootinfo* bi, uint32_t magic) {
  checkbootinfo(bi, magic);
  smpinit(bi);
  clock_khz = bi->clock_khz;
  epoch = bi->epoch;
  kinit(PGROUNDUP(V2P(end)), bi->boot_pa);
  tlbinit();
  trapinit();
  fairinit(bi);
  schedinit(bi);
  disk_init();
  fs_init();
  userinit(bi);
  smp_release();
  schedstart();
}
