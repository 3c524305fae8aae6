// Command enginebench is the helper of scripts/engines-bench.sh (issue
// 18): the two engines, SQLite and PostgreSQL, side by side in one run.
//
//	enginebench chat     clients chatting with the assistant against one or
//	                     more `courtier serve` (--url repeated), each
//	                     waiting for the answer; messages/s, p50, p99, and
//	                     the CPU seconds of the client, the servers and
//	                     PostgreSQL during the run (/proc)
//	enginebench cpu      runs a command (a benchmark) and prints its CPU
//	                     seconds and PostgreSQL's beside it
//	enginebench schema   creates (or drops) a schema of its own in a
//	                     PostgreSQL database and prints the URL that uses it
//	enginebench bench    the Go benchmarks' medians of both engines, a
//	                     Markdown table with the PostgreSQL / SQLite ratio
//	enginebench load     the chat runs' medians, two Markdown tables
//
// Loopback only for the servers; every subcommand is bounded in time.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	cmds := map[string]func(args []string, out io.Writer) error{
		"chat":   runChat,
		"cpu":    runCPU,
		"schema": runSchema,
		"bench":  runBench,
		"load":   runLoad,
	}
	if len(os.Args) < 2 || cmds[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: enginebench chat|cpu|schema|bench|load [flags]")
		os.Exit(2)
	}
	if err := cmds[os.Args[1]](os.Args[2:], os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "enginebench %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}

// grouped formats x with no decimals and a comma every three digits
// (one decimal under 10).
func grouped(x float64) string {
	if x < 10 {
		return fmt.Sprintf("%.1f", x)
	}
	s := fmt.Sprintf("%.0f", x)
	var b strings.Builder
	lead := len(s) % 3
	for i, c := range s {
		if i > 0 && (i-lead)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// duration formats nanoseconds as ns, µs or ms with three significant digits.
func duration(ns float64) string {
	switch {
	case ns >= 1e6:
		return sig3(ns/1e6) + " ms"
	case ns >= 1e3:
		return sig3(ns/1e3) + " µs"
	}
	return sig3(ns) + " ns"
}

func sig3(x float64) string {
	switch {
	case x >= 100:
		return grouped(x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// intList is a repeatable integer flag.
type intList []int

func (l *intList) String() string { return fmt.Sprint(*l) }
func (l *intList) Set(v string) error {
	var n int
	if _, err := fmt.Sscan(v, &n); err != nil || n <= 0 {
		return fmt.Errorf("a process ID, not %q", v)
	}
	*l = append(*l, n)
	return nil
}
