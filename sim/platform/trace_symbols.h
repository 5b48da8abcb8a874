// Symbols for the traces: turning a pc into "main+0x14" and a --trace-window sym:NAME into an
// address, from the ELF symbol tables of the kernel (or bare-metal program) and the user program.
#pragma once

#include "core/disasm.h"
#include "core/kanata.h"
#include "platform/elf_image.h"

namespace kasane {

// User addresses (below 0x80000000) from the program's symbols, the rest from the kernel's; ""
// where none covers the address. Both images must outlive the symbolizer.
Symbolizer trace_symbolizer(const ElfImage& kernel, const ElfImage* program);

// Sets w.sym_addr for a sym: window, looking in the program first, then the kernel. Throws
// std::invalid_argument naming the symbol if neither defines it.
void resolve_trace_symbol(TraceWindow& w, const ElfImage& kernel, const ElfImage* program);

}  // namespace kasane
