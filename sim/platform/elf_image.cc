// ElfImage: reads and checks a MIPS32 little-endian executable with libelf (gelf). The checks run
// from the outside in (file, identification, header, program headers, segments) so that the first
// error reported is the most basic thing wrong with the file.
#include "elf_image.h"

#include <gelf.h>
#include <libelf.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "input_file.h"

namespace kasane {

namespace {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string machine_name(unsigned m) {
  switch (m) {
    case EM_MIPS: return "MIPS";
    case EM_MIPS_RS3_LE: return "MIPS RS3000 little-endian";
    case EM_386: return "x86 (i386)";
    case EM_X86_64: return "x86-64";
    case EM_ARM: return "ARM";
    case EM_AARCH64: return "AArch64";
    case EM_RISCV: return "RISC-V";
    case EM_PPC: return "PowerPC";
    case EM_PPC64: return "PowerPC64";
    case EM_SPARC: return "SPARC";
    case EM_SPARCV9: return "SPARC V9";
    case EM_S390: return "S/390";
    case EM_68K: return "m68k";
    case EM_SH: return "SuperH";
    case EM_IA_64: return "IA-64";
    case EM_NONE: return "no machine (EM_NONE)";
    default: return "machine " + std::to_string(m);
  }
}

std::string type_name(unsigned t) {
  switch (t) {
    case ET_REL: return "a relocatable object (ET_REL); link it into an executable first";
    case ET_DYN:
      return "a shared object or position-independent executable (ET_DYN); link with "
             "-static -no-pie";
    case ET_CORE: return "a core dump (ET_CORE)";
    case ET_NONE: return "of no type (ET_NONE)";
    default: return "of type " + std::to_string(t);
  }
}

struct ElfCloser {
  void operator()(Elf* e) const { elf_end(e); }
};

}  // namespace

ElfImage ElfImage::load(const std::string& path, uint64_t max_bytes) {
  const std::string who = "'" + path + "'";
  auto fail = [&](const std::string& what) { return ElfError(who + ": " + what); };

  ElfImage img;
  img.path_ = path;
  try {
    img.bytes_ = read_input_file(path, max_bytes);
  } catch (const std::runtime_error& e) {
    throw ElfError("cannot read ELF file '" + path + "': " + e.what());
  }
  const uint64_t size = img.bytes_.size();
  const std::string size_text = std::to_string(size) + " bytes";
  if (size == 0) throw fail("empty file (0 bytes), not an ELF executable");

  if (elf_version(EV_CURRENT) == EV_NONE)
    throw fail(std::string("libelf is unusable: ") + elf_errmsg(-1));
  // libelf may convert data in place in a memory image; give it a copy so file_bytes() stays the
  // file as it is on disk.
  std::vector<char> scratch(img.bytes_.begin(), img.bytes_.end());
  std::unique_ptr<Elf, ElfCloser> owner(elf_memory(scratch.data(), scratch.size()));
  Elf* e = owner.get();
  const bool magic = size >= SELFMAG && std::memcmp(img.bytes_.data(), ELFMAG, SELFMAG) == 0;
  const size_t ehdr_size = elf32_fsize(ELF_T_EHDR, 1, EV_CURRENT);
  const std::string too_short = "truncated: " + size_text + ", shorter than the " +
                                std::to_string(ehdr_size) + "-byte ELF header";
  // libelf refuses a memory image whose ELF header is cut off; say so rather than "invalid data".
  if (!e && magic && size < ehdr_size) throw fail(too_short);
  if (!e) throw fail(std::string("libelf cannot read it: ") + elf_errmsg(-1));

  // --- Identification: magic, class, byte order.
  if (elf_kind(e) != ELF_K_ELF) {
    if (elf_kind(e) == ELF_K_AR) throw fail("an ar archive (static library), not an executable");
    if (!magic) throw fail("not an ELF file (bad magic: it does not start with \\x7fELF)");
    if (size < EI_NIDENT) throw fail(too_short);
    throw fail("not a valid ELF file: unknown class, byte order or version in the identification");
  }
  // The machine, when the header can be read at all, makes the class and byte-order errors say
  // what the file is ("64-bit x86-64") rather than only what it is not.
  GElf_Ehdr eh;
  const bool have_eh = gelf_getehdr(e, &eh) != nullptr;
  const std::string machine = have_eh ? ", " + machine_name(eh.e_machine) : "";
  const int cls = gelf_getclass(e);
  if (cls != ELFCLASS32)
    throw fail(std::string("a ") + (cls == ELFCLASS64 ? "64-bit (ELFCLASS64" : "non-32-bit (") +
               machine +
               ") ELF file; Kasane runs 32-bit (ELFCLASS32) little-endian MIPS executables");
  size_t ident_size = 0;
  const char* ident = elf_getident(e, &ident_size);
  if (!ident || ident_size < EI_NIDENT || ident[EI_DATA] != ELFDATA2LSB)
    throw fail(std::string("a big-endian (ELFDATA2MSB") + machine +
               ") ELF file; Kasane runs little-endian (ELFDATA2LSB, mipsel) executables");

  // --- ELF header.
  if (size < ehdr_size) throw fail(too_short);
  if (!have_eh) throw fail(std::string("unreadable ELF header: ") + elf_errmsg(-1));
  if (eh.e_machine != EM_MIPS)
    throw fail("an ELF file for " + machine_name(eh.e_machine) + " (e_machine " +
               std::to_string(eh.e_machine) + "), not MIPS (EM_MIPS)");
  if (eh.e_type != ET_EXEC)
    throw fail("not an executable (ET_EXEC): it is " + type_name(eh.e_type));
  img.entry_ = static_cast<uint32_t>(eh.e_entry);

  // --- Program header table. libelf clamps a table that runs past the end of the file instead of
  // failing, so check its extent against the file size here.
  size_t phnum = eh.e_phnum;
  if (phnum == PN_XNUM && elf_getphdrnum(e, &phnum) != 0)
    throw fail(std::string("unreadable program header count: ") + elf_errmsg(-1));
  if (eh.e_phoff == 0 || phnum == 0)
    throw fail("no program header table (e_phoff " + hex(eh.e_phoff) + ", e_phnum " +
               std::to_string(phnum) + "): nothing says what to load");
  const size_t phent = elf32_fsize(ELF_T_PHDR, 1, EV_CURRENT);
  if (eh.e_phentsize != phent)
    throw fail("program header entries are " + std::to_string(eh.e_phentsize) +
               " bytes, expected " + std::to_string(phent));
  const uint64_t ph_end = eh.e_phoff + uint64_t{phnum} * phent;
  if (ph_end > size)
    throw fail("program header table [" + hex(eh.e_phoff) + ", " + hex(ph_end) +
               ") lies beyond the end of the file (" + size_text + "): truncated file");

  // --- Segments.
  for (size_t i = 0; i < phnum; ++i) {
    GElf_Phdr ph;
    if (!gelf_getphdr(e, static_cast<int>(i), &ph))
      throw fail("unreadable program header " + std::to_string(i) + ": " + elf_errmsg(-1));
    if (ph.p_type != PT_LOAD) continue;
    const std::string seg =
        "segment " + std::to_string(i) + " (PT_LOAD at vaddr " + hex(ph.p_vaddr) + ")";
    if (ph.p_filesz > ph.p_memsz)
      throw fail(seg + " has p_filesz " + hex(ph.p_filesz) + " larger than p_memsz " +
                 hex(ph.p_memsz));
    if (ph.p_offset + ph.p_filesz > size)
      throw fail(seg + " needs file bytes [" + hex(ph.p_offset) + ", " +
                 hex(ph.p_offset + ph.p_filesz) + ") but the file is only " + size_text +
                 ": truncated file");
    if (ph.p_vaddr + ph.p_memsz > (uint64_t{1} << 32))
      throw fail(seg + " of " + hex(ph.p_memsz) + " bytes runs past the 4 GiB address space");
    ElfSegment s;
    s.vaddr = static_cast<uint32_t>(ph.p_vaddr);
    s.paddr = static_cast<uint32_t>(ph.p_paddr);
    s.filesz = static_cast<uint32_t>(ph.p_filesz);
    s.memsz = static_cast<uint32_t>(ph.p_memsz);
    s.flags = ph.p_flags;
    s.data.assign(img.bytes_.begin() + ph.p_offset, img.bytes_.begin() + ph.p_offset + ph.p_filesz);
    img.segments_.push_back(std::move(s));
  }
  if (img.segments_.empty()) throw fail("no PT_LOAD segment: nothing to load");
  const bool entry_loaded = std::any_of(img.segments_.begin(), img.segments_.end(), [&](auto& s) {
    return img.entry_ >= s.vaddr && img.entry_ - s.vaddr < s.memsz;
  });
  if (!entry_loaded)
    throw fail("entry point " + hex(img.entry_) + " is not inside any PT_LOAD segment");

  img.read_symbols(e);
  return img;
}

void ElfImage::read_symbols(void* elf) {
  Elf* e = static_cast<Elf*>(elf);
  // Symbols only make traces readable; a stripped or damaged symbol table is not an error.
  struct Sym {
    ElfSymbol s;
    int rank;  // lower is preferred at one address: function, sized, global
    bool local;
    bool absolute;  // SHN_ABS: found by symbol(), but not an address in the image
  };
  std::vector<Sym> syms;
  for (Elf_Scn* scn = elf_nextscn(e, nullptr); scn; scn = elf_nextscn(e, scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0) continue;
    Elf_Data* data = elf_getdata(scn, nullptr);
    if (!data) continue;
    const size_t count = data->d_size / elf32_fsize(ELF_T_SYM, 1, EV_CURRENT);
    for (size_t i = 0; i < count; ++i) {
      GElf_Sym sym;
      if (!gelf_getsym(data, static_cast<int>(i), &sym)) break;
      const int type = GELF_ST_TYPE(sym.st_info);
      const int bind = GELF_ST_BIND(sym.st_info);
      if (sym.st_shndx == SHN_UNDEF) continue;
      if (type != STT_FUNC && type != STT_OBJECT && type != STT_NOTYPE) continue;
      const char* name = elf_strptr(e, sh.sh_link, sym.st_name);
      if (!name || !*name) continue;
      Sym s{{static_cast<uint32_t>(sym.st_value), static_cast<uint32_t>(sym.st_size), name,
             type == STT_FUNC},
            (type == STT_FUNC ? 0 : type == STT_OBJECT ? 4 : 8) + (sym.st_size ? 0 : 2) +
                (bind == STB_LOCAL ? 1 : 0),
            bind == STB_LOCAL, sym.st_shndx == SHN_ABS};
      syms.push_back(std::move(s));
    }
  }
  std::sort(syms.begin(), syms.end(), [](const Sym& a, const Sym& b) {
    if (a.s.addr != b.s.addr) return a.s.addr < b.s.addr;
    if (a.rank != b.rank) return a.rank < b.rank;
    return a.s.name < b.s.name;
  });
  for (const Sym& s : syms)
    if (!s.local) by_name_.emplace(s.s.name, s.s.addr);
  for (const Sym& s : syms) {
    if (s.local) by_name_.emplace(s.s.name, s.s.addr);  // only where no global has the name
    if (!s.absolute) symbols_.push_back(s.s);
  }
}

std::string ElfImage::symbolize(uint32_t addr) const {
  auto by_addr = [](uint32_t a, const ElfSymbol& s) { return a < s.addr; };
  auto next = std::upper_bound(symbols_.begin(), symbols_.end(), addr, by_addr);
  if (next == symbols_.begin()) return "";
  const uint32_t base = std::prev(next)->addr;
  auto first = std::lower_bound(symbols_.begin(), next, base,
                                [](const ElfSymbol& s, uint32_t a) { return s.addr < a; });
  for (auto it = first; it != next; ++it) {
    bool covers;
    if (it->size != 0) {
      covers = addr - it->addr < it->size;
    } else {
      // An unsized label runs to the next symbol, but not past the end of its segment.
      const bool before_next = next == symbols_.end() || addr < next->addr;
      covers = before_next && std::any_of(segments_.begin(), segments_.end(), [&](auto& s) {
                 return it->addr >= s.vaddr && it->addr - s.vaddr < s.memsz &&
                        addr - s.vaddr < s.memsz;
               });
    }
    if (covers) return addr == it->addr ? it->name : it->name + "+" + hex(addr - it->addr);
  }
  return "";
}

std::optional<uint32_t> ElfImage::symbol(const std::string& name) const {
  auto it = by_name_.find(name);
  if (it == by_name_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::pair<std::string, uint32_t>> ElfImage::symbols_with_prefix(
    const std::string& prefix) const {
  std::vector<std::pair<std::string, uint32_t>> out;
  for (const auto& [name, value] : by_name_)
    if (name.compare(0, prefix.size(), prefix) == 0) out.emplace_back(name, value);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace kasane
