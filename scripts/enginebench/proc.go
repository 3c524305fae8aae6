package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// clockTicks is the kernel's USER_HZ, the unit of /proc's CPU times: 100
// on every Linux architecture Go runs on.
const clockTicks = 100

// procStat reads /proc/PID/stat: the parent's PID, the CPU ticks of the
// process (user + system) and of its children it has waited for.
func procStat(pid int) (ppid int, own, reaped int64, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, 0, err
	}
	// The command name may hold spaces and parentheses: fields start after the last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, 0, fmt.Errorf("/proc/%d/stat unreadable", pid)
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 15 {
		return 0, 0, 0, fmt.Errorf("/proc/%d/stat unreadable", pid)
	}
	n := func(k int) int64 { v, _ := strconv.ParseInt(f[k], 10, 64); return v }
	return int(n(1)), n(11) + n(12), n(13) + n(14), nil
}

// cpuSeconds is the CPU time of the processes pids (threads included),
// 0 for one that is gone.
func cpuSeconds(pids []int) float64 {
	var t int64
	for _, p := range pids {
		if _, own, _, err := procStat(p); err == nil {
			t += own
		}
	}
	return float64(t) / clockTicks
}

// clusterSeconds is the CPU time of a PostgreSQL cluster: its postmaster,
// the backends and helpers it has reaped (backends of connections closed
// since), and those alive now. 0 when postmaster is 0.
func clusterSeconds(postmaster int) float64 {
	if postmaster == 0 {
		return 0
	}
	_, own, reaped, err := procStat(postmaster)
	if err != nil {
		return 0
	}
	t := own + reaped
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, own, reaped, err := procStat(pid); err == nil && ppid == postmaster {
			t += own + reaped
		}
	}
	return float64(t) / clockTicks
}

// machineSeconds is the CPU time of every core since boot: busy (user,
// nice, system, interrupts, stolen) and all.
func machineSeconds() (busy, all float64) {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return 0, 0
	}
	fields := strings.Fields(sc.Text())
	if len(fields) < 9 || fields[0] != "cpu" {
		return 0, 0
	}
	var total, idle int64
	for i, v := range fields[1:9] {
		n, _ := strconv.ParseInt(v, 10, 64)
		total += n
		if i == 3 || i == 4 { // idle, iowait
			idle += n
		}
	}
	return float64(total-idle) / clockTicks, float64(total) / clockTicks
}

// usage is the CPU time of each party at one instant.
type usage struct {
	at                      time.Time
	client, servers, pg     float64
	machineBusy, machineAll float64
}

// sample reads the CPU time of this process (the client), of servers,
// of the cluster of postmaster (0: none) and of the machine.
func sample(servers []int, postmaster int) usage {
	u := usage{at: time.Now(), client: cpuSeconds([]int{os.Getpid()}), servers: cpuSeconds(servers), pg: clusterSeconds(postmaster)}
	u.machineBusy, u.machineAll = machineSeconds()
	return u
}

// cpuUse is what each party used between two samples, in CPU seconds,
// over wall seconds.
type cpuUse struct {
	Wall    float64 `json:"wall"`
	Client  float64 `json:"cpuClient"`
	Servers float64 `json:"cpuServers"`
	PG      float64 `json:"cpuPostgres"`
	// Busy is every core's busy time; Cores the machine's cores.
	Busy  float64 `json:"cpuMachine"`
	Cores float64 `json:"cores"`
}

func between(a, b usage) cpuUse {
	u := cpuUse{Wall: b.at.Sub(a.at).Seconds(), Client: b.client - a.client, Servers: b.servers - a.servers,
		PG: b.pg - a.pg, Busy: b.machineBusy - a.machineBusy}
	if all := b.machineAll - a.machineAll; u.Wall > 0 && all > 0 {
		u.Cores = all / u.Wall
	}
	return u
}

// other is the machine's busy time not used by the parties measured.
func (u cpuUse) other() float64 { return max(0, u.Busy-u.Client-u.Servers-u.PG) }
