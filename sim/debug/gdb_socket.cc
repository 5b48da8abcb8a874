// See gdb_socket.h.
#include "debug/gdb_socket.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>

namespace kasane::gdb {

namespace {

class TcpConnection : public Connection {
 public:
  explicit TcpConnection(int fd) : fd_(fd) {}
  ~TcpConnection() override { ::close(fd_); }

  bool send(const std::string& bytes) override {
    size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::send(fd_, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      done += static_cast<size_t>(n);
    }
    return true;
  }

  long recv(uint8_t* buf, size_t n, bool wait) override {
    for (;;) {
      pollfd p{fd_, POLLIN, 0};
      const int r = ::poll(&p, 1, wait ? -1 : 0);
      if (r < 0 && errno == EINTR) continue;
      if (r < 0) return -1;
      if (r == 0) return 0;
      const ssize_t got = ::recv(fd_, buf, n, 0);
      if (got < 0 && errno == EINTR) continue;
      return got <= 0 ? -1 : static_cast<long>(got);  // 0: the client closed
    }
  }

 private:
  int fd_;
};

}  // namespace

Listener::Listener(uint16_t port) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) throw SocketError(std::string("socket: ") + std::strerror(errno));
  int one = 1;
  ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) < 0 || ::listen(fd_, 1) < 0) {
    const std::string why = std::strerror(errno);
    ::close(fd_);
    throw SocketError("cannot listen on 127.0.0.1:" + std::to_string(port) + ": " + why);
  }
  socklen_t len = sizeof a;
  ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
  port_ = ntohs(a.sin_port);
}

Listener::~Listener() {
  if (fd_ >= 0) ::close(fd_);
}

std::unique_ptr<Connection> Listener::accept() {
  int c;
  do c = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
  while (c < 0 && errno == EINTR);
  ::close(fd_);
  fd_ = -1;
  if (c < 0) return nullptr;
  int one = 1;
  ::setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // packets are small round trips
  return std::make_unique<TcpConnection>(c);
}

}  // namespace kasane::gdb
