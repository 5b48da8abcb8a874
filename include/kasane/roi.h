/* Naming a region of interest, shared by the simulator (C++) and target code (C and assembly).
 * A region is numbered when it begins (kasane_roi, or a store to KASANE_SIMCTL_ROI_BEGIN); a
 * name is given once, at file scope, with KASANE_ROI_NAME(ID, NAME): it costs no instruction,
 * only an absolute symbol __kasane_roi_NAME = ID in the ELF file's symbol table. kasane-sim
 * reads it from the program's and the kernel's ELF files, so `--trace-window roi:NAME+2000`
 * works and stats.json lists the region with its name. NAME is a C identifier. */
#ifndef KASANE_ROI_H
#define KASANE_ROI_H

#define KASANE_ROI_SYMBOL_PREFIX "__kasane_roi_"

#ifdef __ASSEMBLER__
#define KASANE_ROI_NAME(id, name) \
  .globl __kasane_roi_##name;     \
  .set __kasane_roi_##name, id
#else
#define KASANE_ROI_NAME(id, name)                                         \
  __asm__(".globl " KASANE_ROI_SYMBOL_PREFIX #name "\n\t.set " KASANE_ROI_SYMBOL_PREFIX #name \
          ", " #id)
#endif

#endif
