// See blockdev.h. The image is read and written with pread/pwrite at the completion cycle, never
// mapped: a 1 GiB image costs no host memory, and each write is in the file when the run ends.
#include "dev/blockdev.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "kasane/devices.h"
#include "platform/input_file.h"

namespace kasane {

namespace {
constexpr uint32_t kSector = KASANE_BLK_SECTOR_SIZE;
constexpr uint32_t kPendingBits = KASANE_BLK_STATUS_DONE | KASANE_BLK_STATUS_ERROR;
}  // namespace

BlockDev::BlockDev(sc_core::sc_module_name name, const BlockDevTiming& timing, DeviceHost& core,
                   Ram& ram, std::vector<RamWindow> ram_map)
    : RegDevice(name, KASANE_BLK_SIZE),
      timing_(timing),
      core_(core),
      ram_(ram),
      ram_map_(std::move(ram_map)) {}

BlockDev::~BlockDev() {
  if (fd_ >= 0) ::close(fd_);
}

void BlockDev::attach(const std::string& path) {
  // A FIFO or device named as the disk is refused before open(), which could wait for a writer.
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    throw DiskError("disk image '" + path + "': " + input_problem(path, UINT64_MAX));
  const int fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    throw DiskError("cannot open disk image '" + path + "' for reading and writing (the guest's " +
                    "writes go to it): " + std::strerror(errno));
  std::string bad;
  if (::fstat(fd, &st) != 0)
    bad = std::string("cannot stat it: ") + std::strerror(errno);
  else if (!S_ISREG(st.st_mode))
    bad = "it is not a regular file";
  else if (st.st_size == 0 || st.st_size % kSector != 0)
    bad = "it is " + std::to_string(st.st_size) + " bytes, not a non-zero multiple of the " +
          std::to_string(kSector) + "-byte sector";
  else if (st.st_size / kSector > UINT32_MAX)
    bad = "it has more sectors than the 32-bit SECTOR register can reach";
  if (!bad.empty()) {
    ::close(fd);
    throw DiskError("disk image '" + path + "': " + bad);
  }
  if (fd_ >= 0) ::close(fd_);
  fd_ = fd;
  path_ = path;
  sectors_ = static_cast<uint32_t>(st.st_size / kSector);
}

bool BlockDev::read(uint32_t offset, uint32_t& value, const sc_core::sc_time&) {
  switch (offset) {
    case KASANE_BLK_SECTOR: value = sector_; return true;
    case KASANE_BLK_COUNT: value = count_; return true;
    case KASANE_BLK_DMA: value = dma_; return true;
    case KASANE_BLK_CMD: value = 0; return true;
    case KASANE_BLK_STATUS: value = status_; return true;
    case KASANE_BLK_SECTORS: value = sectors_; return true;
    case KASANE_BLK_IRQ_CTX: value = irq_ctx_; return true;
  }
  return false;
}

bool BlockDev::write(uint32_t offset, uint32_t value, const sc_core::sc_time&) {
  switch (offset) {
    case KASANE_BLK_SECTOR: sector_ = value; return true;
    case KASANE_BLK_COUNT: count_ = value; return true;
    case KASANE_BLK_DMA: dma_ = value; return true;
    case KASANE_BLK_CMD: command(value); return true;
    case KASANE_BLK_STATUS:  // write 1s to acknowledge
      status_ &= ~(value & kPendingBits);
      update_line();
      return true;
    case KASANE_BLK_SECTORS: return true;  // read-only: ignored
    case KASANE_BLK_IRQ_CTX:
      // A context the core does not have is ignored (reading back tells the kernel). A raised
      // line moves with the routing.
      if (value >= core_.num_contexts() || value == irq_ctx_) return true;
      if (line_) core_.set_irq(irq_ctx_, KASANE_BLK_IRQ_LINE, false);
      irq_ctx_ = value;
      if (line_) core_.set_irq(irq_ctx_, KASANE_BLK_IRQ_LINE, true);
      return true;
  }
  return false;
}

void BlockDev::command(uint32_t cmd) {
  const uint64_t bytes = uint64_t{count_} * kSector;
  uint64_t offset = 0;
  const bool ok = !(status_ & KASANE_BLK_STATUS_BUSY) && fd_ >= 0 &&
                  (cmd == KASANE_BLK_CMD_READ || cmd == KASANE_BLK_CMD_WRITE) && count_ >= 1 &&
                  count_ <= KASANE_BLK_MAX_COUNT && uint64_t{sector_} + count_ <= sectors_ &&
                  ram_offset(dma_, bytes, offset);
  if (!ok) {
    // Nothing moves; a request in flight goes on and sets DONE when it ends.
    ++stats_.refused;
    status_ = (status_ & KASANE_BLK_STATUS_BUSY) | KASANE_BLK_STATUS_ERROR;
    update_line();
    return;
  }
  ++stats_.requests;
  // A part of a cycle still takes the cycle.
  const uint64_t transfer = static_cast<uint64_t>(std::ceil(bytes / timing_.bandwidth));
  req_ = Request{cmd, sector_, count_, dma_, offset, core_.cycle(),
                 core_.cycle() + timing_.latency + transfer};
  status_ = KASANE_BLK_STATUS_BUSY;  // DONE and ERROR described the previous command
  update_line();
  core_.schedule_event(req_.done_at, [this] { complete(); });
}

void BlockDev::complete() {
  const bool ok = req_.cmd == KASANE_BLK_CMD_READ ? disk_to_ram() : ram_to_disk();
  if (ok)
    (req_.cmd == KASANE_BLK_CMD_READ ? stats_.sectors_read : stats_.sectors_written) += req_.count;
  stats_.busy_cycles += req_.done_at - req_.issued;
  status_ = (status_ & ~KASANE_BLK_STATUS_BUSY) |
            (ok ? KASANE_BLK_STATUS_DONE : KASANE_BLK_STATUS_ERROR);
  update_line();
}

bool BlockDev::ram_offset(uint32_t pa, uint64_t bytes, uint64_t& offset) const {
  for (const RamWindow& w : ram_map_) {
    if (pa >= w.base && pa + bytes <= w.base + w.size) {
      offset = w.offset + (pa - w.base);
      return true;
    }
  }
  return false;
}

// The host failed us (the image was truncated behind our back, the disk is full): the guest sees
// a device error, the user a message.
bool BlockDev::io_failed(const char* what) {
  std::fprintf(stderr, "kasane-sim: disk image '%s': %s failed at sector %u: %s\n", path_.c_str(),
               what, req_.sector, errno ? std::strerror(errno) : "end of file");
  return false;
}

bool BlockDev::disk_to_ram() {
  const size_t bytes = size_t{req_.count} * kSector;
  buf_.resize(bytes);
  for (size_t done = 0; done < bytes;) {
    errno = 0;
    const ssize_t n = ::pread(fd_, buf_.data() + done, bytes - done,
                              static_cast<off_t>(uint64_t{req_.sector} * kSector + done));
    if (n <= 0) return io_failed("read");
    done += static_cast<size_t>(n);
  }
  for (size_t done = 0; done < bytes;) {
    const uint64_t off = req_.ram_offset + done;
    const size_t n = std::min<size_t>(bytes - done, Ram::kPageSize - off % Ram::kPageSize);
    const uint8_t* src = buf_.data() + done;
    // Zeros into a page nobody has touched change nothing: it reads as zeros already.
    const bool zeros = std::all_of(src, src + n, [](uint8_t b) { return b == 0; });
    if (!zeros || ram_.touched_page(static_cast<uint32_t>(off)))
      std::memcpy(ram_.page(static_cast<uint32_t>(off)) + off % Ram::kPageSize, src, n);
    done += n;
  }
  // Like a store by another agent: LL links break and MWAITs on these lines wake. Instruction
  // fetch sees the new words by itself (the decode caches check the word they cached).
  core_.external_store(req_.dma, static_cast<uint32_t>(bytes));
  return true;
}

bool BlockDev::ram_to_disk() {
  const size_t bytes = size_t{req_.count} * kSector;
  buf_.resize(bytes);
  for (size_t done = 0; done < bytes;) {
    const uint64_t off = req_.ram_offset + done;
    const size_t n = std::min<size_t>(bytes - done, Ram::kPageSize - off % Ram::kPageSize);
    if (const uint8_t* page = ram_.touched_page(static_cast<uint32_t>(off)))
      std::memcpy(buf_.data() + done, page + off % Ram::kPageSize, n);
    else
      std::memset(buf_.data() + done, 0, n);  // an untouched page reads as zeros
    done += n;
  }
  for (size_t done = 0; done < bytes;) {
    errno = 0;
    const ssize_t n = ::pwrite(fd_, buf_.data() + done, bytes - done,
                               static_cast<off_t>(uint64_t{req_.sector} * kSector + done));
    if (n <= 0) return io_failed("write");
    done += static_cast<size_t>(n);
  }
  return true;
}

void BlockDev::update_line() {
  const bool level = (status_ & kPendingBits) != 0;
  if (level == line_) return;
  line_ = level;
  core_.set_irq(irq_ctx_, KASANE_BLK_IRQ_LINE, level);
}

nlohmann::json BlockDev::stats_json() const {
  return {{"attached", fd_ >= 0},
          {"sectors", sectors_},
          {"requests", stats_.requests},
          {"refused", stats_.refused},
          {"sectors_read", stats_.sectors_read},
          {"sectors_written", stats_.sectors_written},
          {"busy_cycles", stats_.busy_cycles}};
}

}  // namespace kasane
