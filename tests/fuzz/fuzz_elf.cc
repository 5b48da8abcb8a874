// libFuzzer target: the ELF loader of the guest kernel. The input is written to a file and
// loaded with ElfImage::load(); a malformed file must be reported as an ElfError and nothing
// else (no other exception, no crash). A file that loads is then queried like kasane-sim does:
// symbolize() at the entry, at each segment's bounds and at each symbol, and symbol() by name.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "fuzz_util.h"
#include "platform/elf_image.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static kasane::fuzz::TempFile file(".elf");
  const std::string& path = file.write(data, size);
  try {
    const kasane::ElfImage img = kasane::ElfImage::load(path);
    volatile size_t sink = img.symbolize(img.entry()).size();
    sink = sink + img.symbolize(0).size() + img.symbolize(0xffffffffu).size();
    for (const kasane::ElfSegment& s : img.segments()) {
      if (s.data.size() != s.filesz) {
        std::fprintf(stderr, "fuzz_elf: segment at 0x%x keeps %zu bytes, filesz %u\n", s.vaddr,
                     s.data.size(), s.filesz);
        std::abort();
      }
      sink = sink + img.symbolize(s.vaddr).size() + img.symbolize(s.vaddr + s.memsz - 1).size();
    }
    size_t n = 0;
    for (const kasane::ElfSymbol& sym : img.symbols()) {
      if (++n > 64) break;
      sink = sink + img.symbolize(sym.addr).size() + img.symbolize(sym.addr + sym.size).size();
      if (!img.symbol(sym.name)) {
        std::fprintf(stderr, "fuzz_elf: symbol '%s' is listed but not found by name\n",
                     sym.name.c_str());
        std::abort();
      }
    }
    (void)sink;
  } catch (const kasane::ElfError&) {
    // The expected outcome for a malformed file.
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz_elf: unexpected exception (not ElfError): %s\n", e.what());
    std::abort();
  }
  return 0;
}
