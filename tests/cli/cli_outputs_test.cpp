// tests/cli/cli_outputs_test.cpp — where -o writes (issue 38, items A-H), each probe of the
// issue run as written, through bash in the work directory: descriptor names and FIFOs are
// streams written in place (A, B), input = output is refused for every command (C, F), the
// kernel resolves -o (symbolic links, permissions, ownership: D, G; the other user made with
// useradd when root, else skipped with the reason printed), SIGKILL mid-run leaves no file
// (E), and an inherited SIG_IGN for INT/TERM is kept (H).
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "cli_support.hpp"

namespace {

namespace fs = std::filesystem;
using aeskit_test::Bytes;

constexpr const char* kOther = "aeskit-cli-other";

struct Shell {
  int code = -1;
  std::string err;
};

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

class CliOutputs : public aeskit_test::cli::CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    ASSERT_EQ(sh("\"$AESKIT\" keygen -o key").code, 0);
    pt_ = random_bytes(300000, 38);
    write_bytes(path("pt"), pt_);
    ASSERT_EQ(sh("\"$AESKIT\" seal -q -k key -o ct pt").code, 0);
  }

  // sh: `script` run by bash in the work directory with $AESKIT set; stdout to /dev/null
  // unless redirected; stderr captured (kept outside the directory: listings stay exact).
  Shell sh(const std::string& script) const {
    const std::string err_file = dir_.string() + ".stderr";
    const pid_t pid = fork();
    if (pid == 0) {
      if (chdir(dir_.c_str()) != 0) _exit(99);
      const int e = ::open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      const int n = ::open("/dev/null", O_RDWR);
      if (e < 0 || n < 0) _exit(98);
      dup2(n, 0);
      dup2(n, 1);
      dup2(e, 2);
      for (int sig = 1; sig < 32; ++sig)
        if (sig != SIGKILL && sig != SIGSTOP) ::signal(sig, SIG_DFL);
      umask(022);
      setenv("AESKIT", AESKIT_CLI_PATH, 1);
      execl("/bin/bash", "bash", "-c", script.c_str(), static_cast<char*>(nullptr));
      _exit(97);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    Shell r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.err = read_text(err_file);
    fs::remove(err_file);
    return r;
  }

  // as_other: the argument of `setpriv` that runs a command as the second user, created with
  // useradd; empty (and the reason in `why`) when that cannot be done.
  std::string other_user(std::string& why) const {
    if (geteuid() != 0) {
      why = "not root: cannot create or become a second user";
      return "";
    }
    if (getpwnam(kOther) == nullptr &&
        std::system(
            (std::string("useradd -M -r -s /usr/sbin/nologin ") + kOther + " >/dev/null 2>&1")
                .c_str()) != 0) {
      why = "useradd failed";
      return "";
    }
    const passwd* pw = getpwnam(kOther);
    if (pw == nullptr) {
      why = "the user made by useradd is not found";
      return "";
    }
    uid_ = pw->pw_uid;
    gid_ = pw->pw_gid;
    return "setpriv --reuid=" + std::to_string(pw->pw_uid) +
           " --regid=" + std::to_string(pw->pw_gid) + " --clear-groups ";
  }

  bool opens_to_plaintext(const std::string& file) const {
    return sh("\"$AESKIT\" open -q -k key -o back.tmp " + file).code == 0 &&
           read_bytes(path("back.tmp")) == pt_ && fs::remove(path("back.tmp"));
  }

  static unsigned long owner_of(const std::string& p) {
    struct stat st;
    return stat(p.c_str(), &st) == 0 ? st.st_uid : ~0ul;
  }

  Bytes pt_;
  mutable uid_t uid_ = 0;
  mutable gid_t gid_ = 0;
};

// A: a descriptor named with -o is written in place: a file opened with >> keeps what it held.
TEST_F(CliOutputs, DescriptorNamesAreWrittenInPlace) {
  write_text(path("f"), "keep\n");
  Shell r = sh("\"$AESKIT\" seal -q -k key -o /dev/fd/3 pt 3>>f");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(read_text(path("f")).substr(0, 5), "keep\n");
  ASSERT_EQ(sh("tail -c +6 f > f.cob").code, 0);
  EXPECT_TRUE(opens_to_plaintext("f.cob"));

  write_text(path("err.log"), "old log\n");
  r = sh("\"$AESKIT\" open -q -k key -o /dev/stderr ct 2>>err.log");
  ASSERT_EQ(r.code, 0) << r.err;
  Bytes want = {'o', 'l', 'd', ' ', 'l', 'o', 'g', '\n'};
  want.insert(want.end(), pt_.begin(), pt_.end());
  EXPECT_EQ(read_bytes(path("err.log")), want);

  write_text(path("g"), "head\n");
  r = sh("\"$AESKIT\" open -q -k key -o /proc/self/fd/4 ct 4>>g");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(read_bytes(path("g")).size(), 5 + pt_.size());

  // Not open, or open for reading only: refused, nothing written.
  r = sh("\"$AESKIT\" seal -q -k key -o /dev/fd/7 pt");
  EXPECT_EQ(r.code, 3);
  EXPECT_TRUE(contains(r.err, "descriptor 7 is not open")) << r.err;
  r = sh("\"$AESKIT\" seal -q -k key -o /dev/fd/7 pt 7<pt");
  EXPECT_EQ(r.code, 3);
  EXPECT_TRUE(contains(r.err, "reading only")) << r.err;
}

// B: /dev/stdout into a pipe, a process substitution and a FIFO are streams.
TEST_F(CliOutputs, PipesProcessSubstitutionAndFifosAreStreams) {
  Shell r = sh("set -o pipefail; \"$AESKIT\" seal -q -k key -o /dev/stdout pt | cat > p1.cob");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(opens_to_plaintext("p1.cob"));
  r = sh("\"$AESKIT\" seal -q -k key -o >(cat > p2.cob) pt; rc=$?; wait; exit $rc");
  ASSERT_EQ(r.code, 0) << r.err;
  for (int i = 0; i < 100 && fs::file_size(path("p2.cob")) < pt_.size(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(opens_to_plaintext("p2.cob"));
  r =
      sh("mkfifo ff && { cat ff > p3 & } && \"$AESKIT\" open -q -k key -o ff ct; rc=$?; wait; "
         "rm ff; exit $rc");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(read_bytes(path("p3")), pt_);
  EXPECT_FALSE(temp_present());
}

// C, F: input = output is refused before anything is written, for every command: -o naming
// the input (directly or through a link), stdin and stdout on the same file (>>, <>).
TEST_F(CliOutputs, InputIsOutputIsRefusedForEveryCommand) {
  const std::string key = read_text(path("key")).substr(0, 32);
  const std::string ctr = "-a aes-128-ctr -K " + key + " --iv " + std::string(32, '0');
  const std::string gcm = "-a aes-128-gcm -K " + key + " --nonce " + std::string(24, '0');
  const std::vector<std::string> cmds = {"seal -q -k key", "open -q -k key", "enc " + ctr,
                                         "dec " + ctr,     "enc " + gcm,     "dec " + gcm};
  ASSERT_EQ(symlink("a", path("alink").c_str()), 0);
  for (const auto& cmd : cmds) {
    SCOPED_TRACE(cmd);
    for (const std::string& form :
         {std::string("-o a a"), std::string("-o alink a"), std::string("-o a alink"),
          std::string("< a >> a"), std::string("-o /dev/stdout a >> a"),
          std::string("-o - < a 1<> a"), std::string("a 1<>a")}) {
      SCOPED_TRACE(form);
      write_bytes(path("a"), pt_);
      const Shell r = sh("\"$AESKIT\" " + cmd + " " + form);
      EXPECT_EQ(r.code, 3);
      EXPECT_TRUE(contains(r.err, "input file is output file")) << r.err;
      EXPECT_EQ(read_bytes(path("a")), pt_);
    }
  }
  EXPECT_FALSE(temp_present());
}

// D: the kernel resolves -o. A link to a file: the file is replaced, the link stays. A
// dangling link, a loop, a link to a directory: refused, nothing created.
TEST_F(CliOutputs, SymbolicLinksAreTheKernels) {
  write_text(path("target"), "old");
  ASSERT_EQ(chmod(path("target").c_str(), 0640), 0);
  ASSERT_EQ(symlink("target", path("link").c_str()), 0);
  Shell r = sh("\"$AESKIT\" open -q -k key -o link ct");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(path("link")));
  EXPECT_EQ(read_bytes(path("target")), pt_);
  EXPECT_EQ(fs::status(path("target")).permissions(), fs::perms(0640));

  ASSERT_EQ(symlink("missing", path("dangling").c_str()), 0);
  r = sh("\"$AESKIT\" open -q -k key -o dangling ct");
  EXPECT_EQ(r.code, 3);
  EXPECT_TRUE(contains(r.err, "does not exist")) << r.err;
  EXPECT_FALSE(fs::exists(path("missing")));

  ASSERT_EQ(symlink("loop2", path("loop1").c_str()), 0);
  ASSERT_EQ(symlink("loop1", path("loop2").c_str()), 0);
  r = sh("\"$AESKIT\" seal -q -k key -o loop1 pt");
  EXPECT_EQ(r.code, 3);
  EXPECT_TRUE(contains(r.err, "Too many levels of symbolic links")) << r.err;

  fs::create_directory(path("d"));
  ASSERT_EQ(symlink("d", path("dlink").c_str()), 0);
  r = sh("\"$AESKIT\" seal -q -k key -o dlink pt");
  EXPECT_EQ(r.code, 3);
  EXPECT_TRUE(contains(r.err, "directory")) << r.err;
  EXPECT_TRUE(fs::is_empty(path("d")));
  EXPECT_FALSE(temp_present());
}

// D: a link planted by another user in a sticky world-writable directory is not followed
// by root when fs.protected_symlinks is on (the kernel's rule, as for `>`).
TEST_F(CliOutputs, LinkPlantedInStickyDirectory) {
  std::string why;
  const std::string as_other = other_user(why);
  if (as_other.empty()) GTEST_SKIP() << "skipped: " << why;
  ASSERT_EQ(chmod(dir_.c_str(), 0755), 0);
  fs::create_directory(path("sticky"));
  ASSERT_EQ(chmod(path("sticky").c_str(), 01777), 0);
  write_text(path("secret"), "root's file");
  ASSERT_EQ(chmod(path("secret").c_str(), 0600), 0);
  ASSERT_EQ(sh(as_other + "ln -s " + path("secret") + " sticky/out").code, 0);
  const std::string knob = "/proc/sys/fs/protected_symlinks";
  const std::string was = read_text(knob).substr(0, 1);
  if (was != "1") {
    // The kernel follows the link, for `>` as for -o: the same file is reached either way.
    EXPECT_EQ(sh("echo x > sticky/out").code, 0);
    EXPECT_EQ(read_text(path("secret")), "x\n");
    const Shell r = sh("\"$AESKIT\" open -q -k key -o sticky/out ct");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(read_bytes(path("secret")), pt_);
    EXPECT_TRUE(fs::is_symlink(path("sticky/out")));
    // Then with the protection on, as most distributions ship it: root may switch it on for
    // this test (restored below, also when an expectation fails).
    bool written = false;
    {
      std::ofstream f(knob);
      written = static_cast<bool>(f << "1\n" << std::flush);
    }
    if (!written || read_text(knob).substr(0, 1) != "1") {
      std::ofstream(knob) << was << "\n";  // in case the write half-succeeded
      GTEST_SKIP() << "skipped: fs.protected_symlinks is 0 on this machine and cannot be "
                      "switched on here, so the kernel follows the planted link for `>` too "
                      "(checked: -o does the same); the refusal itself is not exercised";
    }
    write_text(path("secret"), "root's file");
  }
  struct Restore {
    std::string knob, was;
    ~Restore() {
      if (was != "1") std::ofstream(knob) << was << "\n";
    }
  } restore{knob, was};
  const Shell r = sh("\"$AESKIT\" open -q -k key -o sticky/out ct");
  EXPECT_EQ(r.code, 3);
  EXPECT_TRUE(contains(r.err, "Permission denied")) << r.err;
  EXPECT_EQ(read_text(path("secret")), "root's file");
  EXPECT_EQ(sh("echo x > sticky/out").code, 1);  // `>` refuses it the same way
}

// G: a file the caller may not write is not replaced (as `>` says "Permission denied"); a file
// of another user is not taken over; root keeps the owner and group of what it replaces.
TEST_F(CliOutputs, ReadOnlyAndForeignTargets) {
  // Root: the replaced file keeps its owner and group.
  std::string why;
  const std::string as_other = other_user(why);
  if (as_other.empty()) GTEST_SKIP() << "skipped: " << why;
  write_text(path("theirs"), "x");
  ASSERT_EQ(chown(path("theirs").c_str(), uid_, gid_), 0);
  Shell r = sh("\"$AESKIT\" open -q -k key -o theirs ct");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(owner_of(path("theirs")), uid_);
  EXPECT_EQ(read_bytes(path("theirs")), pt_);

  // The other user, in a directory it may write.
  ASSERT_EQ(chmod(dir_.c_str(), 0777), 0);
  ASSERT_EQ(chmod(path("key").c_str(), 0644), 0);
  ASSERT_EQ(chmod(path("ct").c_str(), 0644), 0);
  write_text(path("ro"), "read-only");
  ASSERT_EQ(chown(path("ro").c_str(), uid_, gid_), 0);
  ASSERT_EQ(chmod(path("ro").c_str(), 0444), 0);
  r = sh(as_other + "\"$AESKIT\" open -q -k key -o ro ct");
  EXPECT_EQ(r.code, 3);
  EXPECT_TRUE(contains(r.err, "Permission denied")) << r.err;
  EXPECT_EQ(read_text(path("ro")), "read-only");
  EXPECT_NE(sh(as_other + "bash -c 'echo x > ro'").code, 0);  // as `>`

  write_text(path("roots"), "root's");
  ASSERT_EQ(chmod(path("roots").c_str(), 0666), 0);
  r = sh(as_other + "\"$AESKIT\" open -q -k key -o roots ct");
  EXPECT_EQ(r.code, 3);
  EXPECT_TRUE(contains(r.err, "belongs to another user")) << r.err;
  EXPECT_EQ(read_text(path("roots")), "root's");
  EXPECT_EQ(owner_of(path("roots")), 0u);

  // Its own file: replaced, still its own.
  write_text(path("mine"), "x");
  ASSERT_EQ(chown(path("mine").c_str(), uid_, gid_), 0);
  r = sh(as_other + "\"$AESKIT\" open -q -k key -o mine ct");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(owner_of(path("mine")), uid_);
  EXPECT_EQ(read_bytes(path("mine")), pt_);
  EXPECT_FALSE(temp_present());
}

// E: SIGKILL mid-run leaves nothing under any name: the data sits in an unnamed file.
TEST_F(CliOutputs, SigkillLeavesNothing) {
  const Bytes big = random_bytes(4 << 20, 5);
  write_bytes(path("big"), big);
  ASSERT_EQ(sh("\"$AESKIT\" seal -q -k key -o big.cob big && rm big").code, 0);
  const std::vector<std::string> before = files();
  for (const char* cmd : {"open -q -k key -t 1 -o out fifo", "seal -q -k key -t 1 -o out fifo"}) {
    SCOPED_TRACE(cmd);
    // Feed 2 MiB of the ciphertext, wait until the tool holds data in its output, kill it.
    const Shell r = sh(std::string("mkfifo fifo; \"$AESKIT\" ") + cmd +
                       " & p=$!; exec 3>fifo; head -c 2200000 big.cob >&3; "
                       "for i in $(seq 200); do "
                       "  for f in /proc/$p/fd/*; do "
                       "    case $(readlink $f) in *'(deleted)'*) "
                       "      [ $(stat -L -c %s $f) -gt 0 ] && break 2;; esac; done; "
                       "  sleep 0.02; done; "
                       "ls -A > during; kill -KILL $p; wait $p; echo $? > rc; rm fifo");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(read_text(path("rc")), "137\n");
    const std::string during = read_text(path("during"));
    EXPECT_FALSE(contains(during, "out")) << during;
    EXPECT_FALSE(contains(during, ".aeskit-")) << during;
    fs::remove(path("rc"));
    fs::remove(path("during"));
    EXPECT_EQ(files(), before);
  }
}

// H: INT and TERM inherited as ignored stay ignored (like HUP and QUIT); not ignored, they
// end the run with 130 and no file.
TEST_F(CliOutputs, InheritedIgnoredInterruptsStayIgnored) {
  const std::string run =
      "set -m; mkfifo fifo; ( TRAP exec \"$AESKIT\" seal -q -k key -o out fifo ) & p=$!; exec "
      "3>fifo; "
      "head -c 100000 pt >&3; sleep 0.3; kill -INT $p; sleep 0.1; kill -TERM $p; sleep 0.3; "
      "tail -c +100001 pt >&3 2>/dev/null; exec 3>&-; wait $p; echo $? > rc; rm fifo";
  auto with = [&](const std::string& trap) {
    std::string s = run;
    s.replace(s.find("TRAP"), 4, trap);
    return s;
  };
  Shell r = sh(with("trap '' INT TERM;"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(read_text(path("rc")), "0\n");
  EXPECT_TRUE(opens_to_plaintext("out"));
  fs::remove(path("out"));
  r = sh(with("trap - INT TERM;"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(read_text(path("rc")), "130\n");
  EXPECT_FALSE(fs::exists(path("out")));
}

}  // namespace
