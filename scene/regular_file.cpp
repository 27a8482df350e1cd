#include "regular_file.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vitrine::scene {

std::string readRegularFile(const std::string& path, std::vector<uint8_t>& out, uint64_t maxBytes,
                            bool prefixOnly) {
  out.clear();
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is then refused as not regular.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::string("cannot open file: ") + std::strerror(errno);
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int e = errno;
    ::close(fd);
    return std::string("cannot open file: ") + std::strerror(e);
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return S_ISDIR(st.st_mode) ? std::string("cannot open file: ") + std::strerror(EISDIR)
                               : std::string("cannot open file: not a regular file");
  }
  // The size is checked before anything is allocated.
  uint64_t size = uint64_t(st.st_size);
  if (size > maxBytes) {
    if (!prefixOnly) {
      ::close(fd);
      return "cannot read file: it has " + std::to_string(size) + " bytes, more than the " +
             std::to_string(maxBytes) + " supported";
    }
    size = maxBytes;
  }
  out.resize(size_t(size));
  size_t done = 0;
  while (done < out.size()) {
    const ssize_t n = ::read(fd, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int e = errno;
      ::close(fd);
      out.clear();
      return std::string("cannot read file: ") + std::strerror(e);
    }
    if (n == 0) break;  // the file shrank while we read it
    done += size_t(n);
  }
  out.resize(done);
  ::close(fd);
  return {};
}

}  // namespace vitrine::scene
