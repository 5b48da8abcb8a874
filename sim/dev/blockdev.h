// The block device: a disk of 512-byte sectors kept in a host file (the image, written through as
// qemu's raw drives are, so what one run writes the next one reads) that moves data to and from
// RAM by DMA and raises an interrupt when a request ends. Register layout and protocol in
// include/kasane/devices.h.
//
// Timing: a request takes disk.latency cycles plus its bytes / disk.bandwidth, from the cycle its
// CMD write executes. Its end is an event in the machine's clock (DeviceHost::schedule_event), so
// it comes at that exact cycle whatever the core model, the quantum or the idle skip. The data
// moves all at once at that cycle, as one copy: the simplest model that is deterministic, and a
// guest may not look at the buffer before DONE anyway. Then DONE is set and the line raised.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dev/device_host.h"
#include "dev/reg_device.h"
#include "mem/ram.h"

namespace kasane {

// The disk's timing (config keys disk.*).
struct BlockDevTiming {
  uint64_t latency = 0;    // cycles from the command to the first byte
  double bandwidth = 1.0;  // bytes per cycle after that
};

// A host file that cannot serve as the disk: missing, not writable, a directory, a bad size.
struct DiskError : std::runtime_error {
  using runtime_error::runtime_error;
};

class BlockDev : public RegDevice {
 public:
  // DMA reaches `ram` where `ram_map` places it in the physical address space; request ends and
  // the interrupt line go to `core` (the platform, which routes them to a context of any core).
  BlockDev(sc_core::sc_module_name name, const BlockDevTiming& timing, DeviceHost& core, Ram& ram,
           std::vector<RamWindow> ram_map);
  ~BlockDev() override;

  // Use the image at `path`, opened for reading and writing; its size must be a non-zero
  // multiple of the sector size. Throws DiskError. Without an image the device still answers
  // (SECTORS reads 0, so a kernel can probe it) and refuses every command.
  void attach(const std::string& path);

  struct Stats {
    uint64_t requests = 0;  // commands accepted
    uint64_t refused = 0;   // commands refused with STATUS.ERROR
    uint64_t sectors_read = 0, sectors_written = 0;  // moved by requests that ended well
    uint64_t busy_cycles = 0;  // cycles with a request in flight, over the requests that ended
  };
  const Stats& stats() const { return stats_; }
  // The "blockdev" object of stats.json.
  nlohmann::json stats_json() const;
  // The interrupt line: DONE or ERROR is pending.
  bool line() const { return line_; }
  // A checkpoint of its registers, its statistics and the request in flight, which is scheduled again (dev/dev_checkpoint.cc); restore_state
  // throws std::invalid_argument or a JSON error on a state it cannot take.
  nlohmann::json save_state() const;
  void restore_state(const nlohmann::json& state);

 protected:
  bool read(uint32_t offset, uint32_t& value, const sc_core::sc_time& when) override;
  bool write(uint32_t offset, uint32_t value, const sc_core::sc_time& when) override;

 private:
  struct Request {
    uint32_t cmd = 0, sector = 0, count = 0, dma = 0;
    uint64_t ram_offset = 0;  // where DMA starts in the Ram
    uint64_t issued = 0, done_at = 0;  // core cycles
  };

  void command(uint32_t cmd);
  void complete();
  // RAM offset of physical [pa, pa + bytes) if it is all RAM, in one window.
  bool ram_offset(uint32_t pa, uint64_t bytes, uint64_t& offset) const;
  bool disk_to_ram();
  bool ram_to_disk();
  // The line follows DONE | ERROR; raise or lower it on context irq_ctx_.
  void update_line();
  bool io_failed(const char* what);

  BlockDevTiming timing_;
  DeviceHost& core_;
  Ram& ram_;
  std::vector<RamWindow> ram_map_;
  std::string path_;
  int fd_ = -1;
  uint32_t sectors_ = 0;
  uint32_t sector_ = 0, count_ = 0, dma_ = 0, status_ = 0, irq_ctx_ = 0;  // the registers
  bool line_ = false;
  Request req_;  // the request in flight, latched when its command was written
  std::vector<uint8_t> buf_;
  Stats stats_;
};

}  // namespace kasane
