//go:build linux

package cli

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// The tests below run `courtier chat` as a real process: this test binary
// started again, which runs Main when COURTIER_CHAT_HELPER is set.
func TestChatHelperProcess(t *testing.T) {
	if os.Getenv("COURTIER_CHAT_HELPER") == "" {
		t.Skip("the process under test of TestChatSIGINT*")
	}
	os.Exit(Main(strings.Fields(os.Getenv("COURTIER_CHAT_HELPER"))))
}

func chatProcess(args string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestChatHelperProcess$")
	cmd.Env = append(os.Environ(), "COURTIER_CHAT_HELPER="+args)
	return cmd
}

// exitCode waits for cmd, at most a minute so a hung REPL fails the test.
func exitCode(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode()
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatal("the chat did not end")
	}
	return -1
}

// TestChatSIGINTOnAPipe: Ctrl-C while `courtier chat --json` reads a pipe
// (the shell sends SIGINT) ends it with 130 and nothing on stderr.
func TestChatSIGINTOnAPipe(t *testing.T) {
	cmd := chatProcess("chat --json")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	io.WriteString(in, "merci\n")
	// One reply read: the REPL runs, its signal handler is in place.
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || !strings.Contains(line, `"intent":"thanks"`) {
		t.Fatalf("reply %q, %v", line, err)
	}
	cmd.Process.Signal(os.Interrupt)
	if code := exitCode(t, cmd); code != 130 || stderr.Len() != 0 {
		t.Fatalf("exit %d, stderr %q; want 130 and nothing", code, stderr.String())
	}
}

// TestChatSIGINTOnATerminal runs the chat on a pseudo-terminal: Ctrl-C
// typed (a key in raw mode) and SIGINT sent both end it with 130 and
// give the terminal back in its normal mode (line editing, echo).
func TestChatSIGINTOnATerminal(t *testing.T) {
	for _, how := range []string{"Ctrl-C typed", "SIGINT sent"} {
		t.Run(how, func(t *testing.T) {
			master, slave := openPTY(t)
			cmd := chatProcess("chat")
			cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			screen := &screen{}
			go screen.copy(master)
			screen.waitFor(t, "> ")
			io.WriteString(master, "merci\r")
			screen.waitFor(t, "Intention\u00a0: remerciement")
			if how == "Ctrl-C typed" {
				io.WriteString(master, "\x03")
			} else {
				cmd.Process.Signal(os.Interrupt)
			}
			if code := exitCode(t, cmd); code != 130 {
				t.Fatalf("exit %d, want 130; screen %q", code, screen.String())
			}
			lflag := termiosOf(t, slave).Lflag
			if lflag&syscall.ICANON == 0 || lflag&syscall.ECHO == 0 {
				t.Errorf("the terminal stays in raw mode (lflag %#x)", lflag)
			}
		})
	}
}

// openPTY opens a pseudo-terminal pair with the kernel's /dev/ptmx.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	var unlock int32
	var n uint32
	if err := ioctl(master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); err != nil {
		t.Fatal(err)
	}
	if err := ioctl(master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); err != nil {
		t.Fatal(err)
	}
	slave, err = os.OpenFile("/dev/pts/"+itoa(n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { slave.Close() })
	return master, slave
}

func termiosOf(t *testing.T, f *os.File) syscall.Termios {
	t.Helper()
	var tio syscall.Termios
	if err := ioctl(f.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&tio))); err != nil {
		t.Fatal(err)
	}
	return tio
}

func ioctl(fd, req, arg uintptr) error {
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, fd, req, arg); errno != 0 {
		return errno
	}
	return nil
}

func itoa(n uint32) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// screen collects what the process shows on the terminal.
type screen struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *screen) copy(r io.Reader) {
	buf := make([]byte, 4096)
	for {
		n, err := r.Read(buf)
		s.mu.Lock()
		s.b.Write(buf[:n])
		s.mu.Unlock()
		if err != nil {
			return
		}
	}
}

func (s *screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor waits until the screen shows want, at most a minute.
func (s *screen) waitFor(t *testing.T, want string) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if strings.Contains(s.String(), want) {
			return
		}
	}
	t.Fatalf("the screen never showed %q: %q", want, s.String())
}
