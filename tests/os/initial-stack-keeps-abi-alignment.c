/* initial-stack-keeps-abi-alignment - the initial stack exec builds keeps the o32 ABI's 16-byte
 * alignment of $sp (argv is $sp + 4) and lies within the kernel's bound below USTACKTOP, whatever
 * stack offset a perturbation seed moves it by (sim.perturb_seed; include/kasane/bootinfo.h).
 * Prints argv's address, so tests/host/test_perturbation.py can see the offset move with the
 * seed.
 * Expect: status 0 */
#include <stdint.h>
#include <stdio.h>

int main(int argc, char** argv) {
  (void)argc;
  uintptr_t sp = (uintptr_t)argv - 4;
  printf("argv %#lx\n", (unsigned long)(uintptr_t)argv);
  if (sp % 16 != 0) return 1;
  return 0;
}
