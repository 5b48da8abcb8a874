// ElfImage: a 32-bit little-endian MIPS executable (the guest kernel) read on the host with libelf.
// It keeps the PT_LOAD segments to copy into guest memory, the whole file (whose loadable part
// the platform hands to the guest kernel, which loads user programs from it), and the symbol
// table for turning addresses into "main+0x14" in traces and error messages. Every problem with the file is an ElfError whose
// message names the file and what is wrong with it.
#ifndef KASANE_SIM_PLATFORM_ELF_IMAGE_H
#define KASANE_SIM_PLATFORM_ELF_IMAGE_H

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kasane {

struct ElfError : std::runtime_error {
  using runtime_error::runtime_error;
};

struct ElfSegment {
  uint32_t vaddr, paddr, filesz, memsz, flags;  // flags: PF_R | PF_W | PF_X
  std::vector<uint8_t> data;                    // filesz bytes; the rest up to memsz is zero
};

struct ElfSymbol {
  uint32_t addr, size;
  std::string name;
  bool is_func;
};

class ElfImage {
 public:
  // Reads a regular file of at most `max_bytes` (kasane-sim passes memory.ram_size: the whole
  // file of a program is copied into RAM at boot); throws ElfError. The default is the most an
  // ELF32 file's 32-bit offsets can address.
  static ElfImage load(const std::string& path, uint64_t max_bytes = UINT32_MAX);

  uint32_t entry() const { return entry_; }
  const std::vector<ElfSegment>& segments() const { return segments_; }  // PT_LOAD only
  const std::vector<uint8_t>& file_bytes() const { return bytes_; }      // the whole file
  const std::string& path() const { return path_; }

  // Defined, named symbols of the image's sections (functions, objects, labels; not absolute or
  // undefined ones) sorted by address; at one address the one symbolize() prefers (function,
  // then sized, then global) comes first.
  const std::vector<ElfSymbol>& symbols() const { return symbols_; }

  // "main+0x14" ("main" at offset 0), or "" if no symbol covers addr. A symbol with a size covers
  // [addr, addr+size); one without (an assembly label) covers up to the next symbol, within its
  // segment.
  std::string symbolize(uint32_t addr) const;

  // Address of a defined symbol (absolute ones such as _gp included); a global one wins over a
  // local one of the same name.
  std::optional<uint32_t> symbol(const std::string& name) const;

  // Every defined symbol whose name starts with `prefix`, as (name, value), sorted by name (the
  // named regions of interest, <kasane/roi.h>).
  std::vector<std::pair<std::string, uint32_t>> symbols_with_prefix(const std::string& prefix) const;

 private:
  ElfImage() = default;
  void read_symbols(void* elf);  // Elf*; kept out of the header so it needs no <gelf.h>

  std::string path_;
  uint32_t entry_ = 0;
  std::vector<ElfSegment> segments_;
  std::vector<uint8_t> bytes_;
  std::vector<ElfSymbol> symbols_;
  std::unordered_map<std::string, uint32_t> by_name_;
};

}  // namespace kasane

#endif  // KASANE_SIM_PLATFORM_ELF_IMAGE_H
