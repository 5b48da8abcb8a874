// The simulator's host files: inputs that are not regular files or are over their cap are refused
// (a FIFO without blocking), and output files report every failed write when closed.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>
#include <string>

#include "platform/input_file.h"
#include "platform/output_file.h"

namespace kasane {
namespace {

#define EXPECT_HAS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

std::string temp_path(const std::string& name) { return ::testing::TempDir() + name; }

std::string write_bytes(const std::string& name, size_t n) {
  const std::string path = temp_path(name);
  std::ofstream(path) << std::string(n, 'x');
  return path;
}

std::string read_error(const std::string& path, uint64_t cap) {
  try {
    read_input_file(path, cap);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(InputFile, ReadsARegularFileUpToItsCap) {
  const std::string path = write_bytes("input_at_cap", 100);
  EXPECT_EQ(input_problem(path, 100), "");
  EXPECT_EQ(read_input_file(path, 100).size(), 100u);
  EXPECT_EQ(read_input_file(write_bytes("input_empty", 0), 100).size(), 0u);
  EXPECT_EQ(read_input_file(path, UINT64_MAX).size(), 100u);  // no cap
}

TEST(InputFile, RefusesAFileOverItsCap) {
  const std::string path = write_bytes("input_over_cap", 101);
  EXPECT_HAS(input_problem(path, 100), "101 bytes, more than the 100-byte limit");
  EXPECT_HAS(read_error(path, 100), "100-byte limit");
}

TEST(InputFile, RefusesDevicesDirectoriesAndMissingFiles) {
  EXPECT_HAS(read_error("/dev/zero", UINT64_MAX), "a character device, not a regular file");
  EXPECT_HAS(read_error("/", UINT64_MAX), "a directory, not a regular file");
  EXPECT_HAS(read_error(temp_path("input_missing"), UINT64_MAX), "No such file or directory");
}

// Opening a FIFO for reading waits for a writer: were it opened, this test would hang.
TEST(InputFile, RefusesAFifoWithoutOpeningIt) {
  const std::string path = temp_path("input_fifo");
  ::unlink(path.c_str());
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  EXPECT_HAS(read_error(path, UINT64_MAX), "a FIFO, not a regular file");
  ::unlink(path.c_str());
}

std::string open_error(const std::string& option, const std::string& path) {
  try {
    OutputFile f(option, path);
  } catch (const OutputError& e) {
    return e.what();
  }
  return "";
}

TEST(OutputFile, AMissingFolderIsNamedWithTheOption) {
  const std::string e = open_error("--stats", temp_path("no_such_folder/s.json"));
  EXPECT_HAS(e, "--stats '");
  EXPECT_HAS(e, "no_such_folder' does not exist");
  EXPECT_HAS(open_error("--stats", "/dev/null/s.json"), "'/dev/null' is not a folder");
}

TEST(OutputFile, CloseReportsAFullDevice) {
  OutputFile f("--stats", "/dev/full");
  std::fputs("{}\n", f.get());
  const std::string e = f.close();
  EXPECT_HAS(e, "cannot write --stats '/dev/full'");
  EXPECT_HAS(e, "No space left on device");
  EXPECT_EQ(f.close(), "");  // closed once
}

// glibc drops a buffer whose write failed, so the final flush succeeds: the error flag set by the
// earlier write must still be reported.
TEST(OutputFile, CloseReportsAnEarlierFailedWrite) {
  OutputFile f("--pipeline-trace", "/dev/full");
  const std::string big(1 << 16, 'x');  // larger than the buffer: written, and failing, at once
  std::fputs(big.c_str(), f.get());
  EXPECT_HAS(f.close(), "cannot write --pipeline-trace '/dev/full'");
}

TEST(OutputFile, CloseOfAGoodFileIsQuietAndKeepsIt) {
  const std::string path = temp_path("output_good");
  OutputFile f("--stats", path);
  std::fputs("{}\n", f.get());
  EXPECT_EQ(f.close(), "");
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "{}");
}

TEST(OutputFile, AnAbandonedFileItCreatedIsRemovedButAnOldOneStays) {
  const std::string fresh = temp_path("output_abandoned");
  ::unlink(fresh.c_str());
  { OutputFile f("--stats", fresh); }
  struct stat st;
  EXPECT_NE(::stat(fresh.c_str(), &st), 0);

  const std::string old = write_bytes("output_existing", 10);
  { OutputFile f("--stats", old); }
  EXPECT_EQ(::stat(old.c_str(), &st), 0);
}

}  // namespace
}  // namespace kasane
