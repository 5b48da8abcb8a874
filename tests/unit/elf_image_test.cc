// Unit tests of the ELF loader. The fixture writes a small valid MIPS32 little-endian executable
// with libelf's writing API (no cross compiler needed); each broken input is derived from its bytes
// and each error test checks that the message names the file and the specific problem.
#include "elf_image.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace kasane {
namespace {

// gmock is not installed, so substring checks use gtest's own IsSubstring predicate.
#define EXPECT_HAS(haystack, needle) EXPECT_PRED_FORMAT2(::testing::IsSubstring, needle, haystack)

constexpr uint32_t kText = 0x80001000;  // kseg0 address of .text
constexpr uint32_t kBss = 0x100;        // zero-filled bytes after .text in the segment

// Eight MIPS instructions (the loader does not look at them).
const uint32_t kCode[8] = {0x3c1c8000, 0x279c1000, 0x0c000402, 0x00000000,
                           0x03e00008, 0x24020007, 0x1000ffff, 0x00000000};
// .strtab and .shstrtab contents; offsets below index into them.
const char kStrtab[] = "\0_start\0main\0tail\0_gp\0printf";  // 1, 8, 13, 18, 22
const char kShstrtab[] = "\0.text\0.symtab\0.strtab\0.shstrtab";  // 1, 7, 15, 23

Elf32_Sym sym(uint32_t name, uint32_t value, uint32_t size, int bind, int type, uint16_t shndx) {
  Elf32_Sym s{};
  s.st_name = name;
  s.st_value = value;
  s.st_size = size;
  s.st_info = ELF32_ST_INFO(bind, type);
  s.st_shndx = shndx;
  return s;
}

Elf_Scn* add_section(Elf* e, uint32_t name, uint32_t type, const void* buf, size_t size,
                     Elf_Type dtype, size_t align) {
  Elf_Scn* scn = elf_newscn(e);
  Elf_Data* d = elf_newdata(scn);
  d->d_buf = const_cast<void*>(buf);
  d->d_size = size;
  d->d_type = dtype;
  d->d_align = align;
  d->d_version = EV_CURRENT;
  Elf32_Shdr* sh = elf32_getshdr(scn);
  sh->sh_name = name;
  sh->sh_type = type;
  return scn;
}

// Writes the good executable: one PT_LOAD (R+X) holding .text plus kBss zero bytes, and a symbol
// table with a sized global function, a local function and an unsized local label at one
// address, an absolute symbol and an undefined one.
void write_good_elf(const std::string& path) {
  ASSERT_NE(elf_version(EV_CURRENT), EV_NONE);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ASSERT_GE(fd, 0);
  Elf* e = elf_begin(fd, ELF_C_WRITE, nullptr);
  ASSERT_NE(e, nullptr) << elf_errmsg(-1);
  Elf32_Ehdr* eh = elf32_newehdr(e);
  eh->e_ident[EI_DATA] = ELFDATA2LSB;
  eh->e_machine = EM_MIPS;
  eh->e_type = ET_EXEC;
  eh->e_version = EV_CURRENT;
  eh->e_entry = kText;
  Elf32_Phdr* ph = elf32_newphdr(e, 1);

  Elf_Scn* text = add_section(e, 1, SHT_PROGBITS, kCode, sizeof kCode, ELF_T_WORD, 4);
  elf32_getshdr(text)->sh_flags = SHF_ALLOC | SHF_EXECINSTR;
  elf32_getshdr(text)->sh_addr = kText;
  const uint16_t tx = static_cast<uint16_t>(elf_ndxscn(text));
  static Elf32_Sym syms[7];
  syms[0] = Elf32_Sym{};
  syms[1] = sym(13, kText + 0x18, 0, STB_LOCAL, STT_NOTYPE, tx);  // tail: an assembly label
  syms[2] = sym(8, kText + 0x18, 4, STB_LOCAL, STT_FUNC, tx);     // a static function "main"
  syms[3] = sym(1, kText, 8, STB_GLOBAL, STT_FUNC, tx);           // _start
  syms[4] = sym(8, kText + 8, 16, STB_GLOBAL, STT_FUNC, tx);      // main
  syms[5] = sym(18, 0x80009000, 0, STB_GLOBAL, STT_NOTYPE, SHN_ABS);  // _gp
  syms[6] = sym(22, 0, 0, STB_GLOBAL, STT_FUNC, SHN_UNDEF);           // printf
  Elf_Scn* symtab = add_section(e, 7, SHT_SYMTAB, syms, sizeof syms, ELF_T_SYM, 4);
  Elf_Scn* strtab = add_section(e, 15, SHT_STRTAB, kStrtab, sizeof kStrtab, ELF_T_BYTE, 1);
  Elf32_Shdr* sh = elf32_getshdr(symtab);
  sh->sh_link = static_cast<uint32_t>(elf_ndxscn(strtab));
  sh->sh_info = 3;  // first global
  sh->sh_entsize = sizeof(Elf32_Sym);
  Elf_Scn* shstr = add_section(e, 23, SHT_STRTAB, kShstrtab, sizeof kShstrtab, ELF_T_BYTE, 1);
  eh->e_shstrndx = static_cast<uint16_t>(elf_ndxscn(shstr));

  // Lay the file out, then point the segment at where .text landed.
  ASSERT_GE(elf_update(e, ELF_C_NULL), 0) << elf_errmsg(-1);
  ph->p_type = PT_LOAD;
  ph->p_offset = elf32_getshdr(text)->sh_offset;
  ph->p_vaddr = ph->p_paddr = kText;
  ph->p_filesz = sizeof kCode;
  ph->p_memsz = sizeof kCode + kBss;
  ph->p_flags = PF_R | PF_X;
  ph->p_align = 4;
  elf_flagphdr(e, ELF_C_SET, ELF_F_DIRTY);
  ASSERT_GE(elf_update(e, ELF_C_WRITE), 0) << elf_errmsg(-1);
  elf_end(e);
  ::close(fd);
}

class ElfImageTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    good_path_ = new std::string(::testing::TempDir() + "kasane_elf_good_" +
                                 std::to_string(::getpid()) + ".elf");
    write_good_elf(*good_path_);
    std::ifstream in(*good_path_, std::ios::binary);
    good_ = new std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
    std::memcpy(&ehdr_, good_->data(), sizeof ehdr_);
    std::memcpy(&phdr_, good_->data() + ehdr_.e_phoff, sizeof phdr_);
  }
  static void TearDownTestSuite() {
    ::unlink(good_path_->c_str());
    delete good_path_;
    delete good_;
  }
  void TearDown() override {
    for (const std::string& p : written_) ::unlink(p.c_str());
  }

  // Writes `bytes` to a temp file named after the test and returns its path.
  std::string write(const std::vector<uint8_t>& bytes, const char* tag = "") {
    std::string path = ::testing::TempDir() + "kasane_elf_" +
                       ::testing::UnitTest::GetInstance()->current_test_info()->name() + tag +
                       "_" + std::to_string(::getpid()) + ".elf";
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    written_.push_back(path);
    return path;
  }

  // The good file with `value` written at byte `offset` (host and file are both little-endian).
  template <typename T>
  static std::vector<uint8_t> patched(size_t offset, T value) {
    std::vector<uint8_t> b = *good_;
    std::memcpy(b.data() + offset, &value, sizeof value);
    return b;
  }
  static size_t phdr_field(size_t field) { return ehdr_.e_phoff + field; }

  // The message of the ElfError that loading `path` throws.
  static std::string error_of(const std::string& path) {
    try {
      ElfImage::load(path);
    } catch (const ElfError& e) {
      std::string msg = e.what();
      EXPECT_HAS(msg, "'" + path + "'");
      return msg;
    }
    ADD_FAILURE() << "expected an ElfError for " << path;
    return "";
  }

  static std::string* good_path_;
  static std::vector<uint8_t>* good_;
  static Elf32_Ehdr ehdr_;
  static Elf32_Phdr phdr_;
  std::vector<std::string> written_;
};

std::string* ElfImageTest::good_path_;
std::vector<uint8_t>* ElfImageTest::good_;
Elf32_Ehdr ElfImageTest::ehdr_;
Elf32_Phdr ElfImageTest::phdr_;

TEST_F(ElfImageTest, LoadsGoodExecutable) {
  ElfImage img = ElfImage::load(*good_path_);
  EXPECT_EQ(img.path(), *good_path_);
  EXPECT_EQ(img.entry(), kText);
  EXPECT_EQ(img.file_bytes(), *good_);
  ASSERT_EQ(img.segments().size(), 1u);
  const ElfSegment& s = img.segments()[0];
  EXPECT_EQ(s.vaddr, kText);
  EXPECT_EQ(s.paddr, kText);
  EXPECT_EQ(s.filesz, sizeof kCode);
  EXPECT_EQ(s.memsz, sizeof kCode + kBss);
  EXPECT_EQ(s.flags, static_cast<uint32_t>(PF_R | PF_X));
  ASSERT_EQ(s.data.size(), sizeof kCode);
  EXPECT_EQ(std::memcmp(s.data.data(), kCode, sizeof kCode), 0);
}

TEST_F(ElfImageTest, Symbols) {
  ElfImage img = ElfImage::load(*good_path_);
  EXPECT_EQ(img.symbol("_start"), kText);
  EXPECT_EQ(img.symbol("main"), kText + 8);  // the global wins over the local "main"
  EXPECT_EQ(img.symbol("tail"), kText + 0x18);
  EXPECT_EQ(img.symbol("_gp"), 0x80009000u);  // absolute symbols can be looked up
  EXPECT_FALSE(img.symbol("printf"));         // undefined
  EXPECT_FALSE(img.symbol("nope"));
  ASSERT_EQ(img.symbols().size(), 4u);  // not _gp (absolute) or printf (undefined)
  EXPECT_EQ(img.symbols()[0].name, "_start");
  EXPECT_TRUE(img.symbols()[0].is_func);
  EXPECT_FALSE(img.symbols()[3].is_func);  // the label "tail" sorts after the function "main"
}

TEST_F(ElfImageTest, Symbolize) {
  ElfImage img = ElfImage::load(*good_path_);
  EXPECT_EQ(img.symbolize(kText), "_start");
  EXPECT_EQ(img.symbolize(kText + 4), "_start+0x4");
  EXPECT_EQ(img.symbolize(kText + 8), "main");
  EXPECT_EQ(img.symbolize(kText + 0x14), "main+0xc");
  EXPECT_EQ(img.symbolize(kText + 0x18), "main");       // the sized function beats the label
  EXPECT_EQ(img.symbolize(kText + 0x1c), "tail+0x4");   // past it, the label covers
  EXPECT_EQ(img.symbolize(kText + 0x11c), "tail+0x104");  // up to the segment's end
  EXPECT_EQ(img.symbolize(kText + 0x120), "");
  EXPECT_EQ(img.symbolize(kText - 4), "");
  EXPECT_EQ(img.symbolize(0), "");
  EXPECT_EQ(img.symbolize(0xffffffff), "");
}

TEST_F(ElfImageTest, MissingFile) {
  std::string e = error_of(::testing::TempDir() + "kasane_no_such_file.elf");
  EXPECT_HAS(e, "cannot read ELF file");
  EXPECT_HAS(e, "No such file or directory");
}

TEST_F(ElfImageTest, Directory) { EXPECT_HAS(error_of("/"), "a directory, not a regular file"); }

TEST_F(ElfImageTest, EmptyFile) { EXPECT_HAS(error_of(write({})), "empty file"); }

TEST_F(ElfImageTest, BadMagic) {
  EXPECT_HAS(error_of(write(patched<uint32_t>(0, 0))), "not an ELF file (bad magic");
  EXPECT_HAS(error_of(write({'#', '!', '/', 'b', 'i', 'n'})), "not an ELF file");
}

TEST_F(ElfImageTest, TruncatedHeader) {
  std::vector<uint8_t> b(good_->begin(), good_->begin() + 20);
  std::string e = error_of(write(b));
  EXPECT_HAS(e, "truncated: 20 bytes");
  EXPECT_HAS(e, "52-byte ELF header");
  b.resize(10);
  EXPECT_HAS(error_of(write(b, "_10")), "truncated: 10 bytes");
}

TEST_F(ElfImageTest, NotClass32) {
  EXPECT_HAS(error_of(write(patched<uint8_t>(EI_CLASS, ELFCLASS64))), "64-bit (ELFCLASS64");
}

TEST_F(ElfImageTest, NotLittleEndian) {
  EXPECT_HAS(error_of(write(patched<uint8_t>(EI_DATA, ELFDATA2MSB))), "big-endian (ELFDATA2MSB");
}

TEST_F(ElfImageTest, WrongMachine) {
  std::string e = error_of(write(patched<uint16_t>(offsetof(Elf32_Ehdr, e_machine), EM_X86_64)));
  EXPECT_HAS(e, "an ELF file for x86-64 (e_machine 62), not MIPS");
}

TEST_F(ElfImageTest, NotExecutable) {
  EXPECT_HAS(error_of(write(patched<uint16_t>(offsetof(Elf32_Ehdr, e_type), ET_REL))),
             "not an executable (ET_EXEC): it is a relocatable object (ET_REL)");
  EXPECT_HAS(error_of(write(patched<uint16_t>(offsetof(Elf32_Ehdr, e_type), ET_DYN), "_dyn")),
             "-static -no-pie");
}

TEST_F(ElfImageTest, HostExecutable) {
  if (::access("/bin/true", R_OK) != 0) GTEST_SKIP() << "no /bin/true";
  std::string e = error_of("/bin/true");
#if defined(__x86_64__)
  EXPECT_HAS(e, "64-bit (ELFCLASS64, x86-64)");
#endif
  EXPECT_HAS(e, "32-bit (ELFCLASS32) little-endian MIPS");
}

TEST_F(ElfImageTest, NoProgramHeaders) {
  EXPECT_HAS(error_of(write(patched<uint16_t>(offsetof(Elf32_Ehdr, e_phnum), 0))),
             "no program header table");
}

TEST_F(ElfImageTest, ProgramHeadersBeyondEnd) {
  const uint32_t past = static_cast<uint32_t>(good_->size() - 8);
  std::string e = error_of(write(patched<uint32_t>(offsetof(Elf32_Ehdr, e_phoff), past)));
  EXPECT_HAS(e, "program header table");
  EXPECT_HAS(e, "truncated file");
  // A file cut off inside the table.
  std::vector<uint8_t> b(good_->begin(), good_->begin() + ehdr_.e_phoff + 10);
  EXPECT_HAS(error_of(write(b, "_cut")), "program header table");
}

TEST_F(ElfImageTest, NoLoadSegment) {
  EXPECT_HAS(error_of(write(patched<uint32_t>(phdr_field(offsetof(Elf32_Phdr, p_type)), PT_NOTE))),
             "no PT_LOAD segment");
}

TEST_F(ElfImageTest, TruncatedSegment) {
  std::vector<uint8_t> b(good_->begin(), good_->begin() + phdr_.p_offset + phdr_.p_filesz / 2);
  std::string e = error_of(write(b));
  EXPECT_HAS(e, "segment 0 (PT_LOAD at vaddr 0x80001000) needs file bytes");
  EXPECT_HAS(e, "truncated file");
}

TEST_F(ElfImageTest, FileszLargerThanMemsz) {
  std::string e = error_of(write(patched<uint32_t>(phdr_field(offsetof(Elf32_Phdr, p_memsz)), 4)));
  EXPECT_HAS(e, "p_filesz 0x20 larger than p_memsz 0x4");
}

TEST_F(ElfImageTest, EntryOutsideSegments) {
  EXPECT_HAS(error_of(write(patched<uint32_t>(offsetof(Elf32_Ehdr, e_entry), 0x80000000))),
             "entry point 0x80000000 is not inside any PT_LOAD segment");
}

}  // namespace
}  // namespace kasane
