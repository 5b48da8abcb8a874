// Decoding by match/mask over the table generated from isa/mips32.isa.
#pragma once

#include <cstdint>
#include <vector>

#include "core/insn.h"

namespace kasane {

// Every row of the table, in table order (pseudo rows included).
const std::vector<InsnInfo>& isa_table();

// The row that decodes `raw`: the most specific match (a pseudo row wins over the row it refines).
// nullptr if no row matches: the word is a Reserved Instruction.
const InsnInfo* decode(uint32_t raw);

// The real (non-pseudo) row for `raw`, which is what execution uses.
const InsnInfo* decode_exec(uint32_t raw);

}  // namespace kasane
