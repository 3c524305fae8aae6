package chat

import "sync"

// Signal is what a stream is told besides « read the database again »:
// the passing states that are never stored (typing) and the read marks.
type Signal struct {
	// Kind is "typing" or "read".
	Kind string `json:"k"`
	// Conversation is the stored ID of the conversation concerned.
	Conversation string `json:"c"`
	Typing       bool   `json:"y,omitempty"`
	Name         string `json:"n,omitempty"`
	UpTo         int64  `json:"u,omitempty"`
}

// Sub is one open stream's subscription. Wake has room for one pending
// wake-up: a reader woken reads everything newer than what it holds, so
// wake-ups can be merged and none is ever lost. Signals are dropped when
// the reader lags, as a late typing indicator is worth nothing.
type Sub struct {
	Wake    chan struct{}
	Signals chan Signal
	topic   string
	// uid and admin are the agent's, on an agent's stream: a message in a
	// conversation someone holds wakes only its holder and the admins.
	uid   string
	admin bool
}

// staffTopic is the topic of every agent stream: the inbox changed.
const staffTopic = "*staff"

// hub wakes the streams of this process, by conversation and by agent:
// at once after this process's writes, and from the watcher (Service.Watch,
// woken by the store's subscription to Topic and on its period) for what
// other instances and processes wrote (the terminal dashboard) and the
// changes of presence. The database is the source of truth: a stream
// woken reads what is newer than its last message ID.
type hub struct {
	mu   sync.Mutex
	subs map[string]map[*Sub]struct{}
	// visitors counts the visitor streams, for the broadcast of presence.
	visitors int
	// lastID is the highest message ID the poller has seen; started
	// tells whether it was read once (the poller starts from the end).
	lastID  int64
	started bool
	// available is the last computed availability of agents.
	available bool
	// local counts the agent streams open in this process per uid.
	local map[string]int
}

func newHub() *hub {
	return &hub{subs: map[string]map[*Sub]struct{}{}, local: map[string]int{}}
}

// subscribe opens a subscription to a conversation's stored ID.
func (h *hub) subscribe(topic string) *Sub {
	return h.add(&Sub{Wake: make(chan struct{}, 1), Signals: make(chan Signal, 8), topic: topic})
}

// subscribeStaff opens the subscription of an agent's stream.
func (h *hub) subscribeStaff(uid string, admin bool) *Sub {
	return h.add(&Sub{Wake: make(chan struct{}, 1), Signals: make(chan Signal, 8), topic: staffTopic, uid: uid, admin: admin})
}

func (h *hub) add(s *Sub) *Sub {
	h.mu.Lock()
	defer h.mu.Unlock()
	m := h.subs[s.topic]
	if m == nil {
		m = map[*Sub]struct{}{}
		h.subs[s.topic] = m
	}
	m[s] = struct{}{}
	if s.topic != staffTopic {
		h.visitors++
	}
	return s
}

func (h *hub) unsubscribe(s *Sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	m := h.subs[s.topic]
	if _, ok := m[s]; !ok {
		return
	}
	delete(m, s)
	if len(m) == 0 {
		delete(h.subs, s.topic)
	}
	if s.topic != staffTopic {
		h.visitors--
	}
}

// wake wakes every stream of the topics.
func (h *hub) wake(topics ...string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, t := range topics {
		for s := range h.subs[t] {
			select {
			case s.Wake <- struct{}{}:
			default:
			}
		}
	}
}

// wakeStaff wakes the agents' streams concerned by a conversation held
// by holder: everyone's when nobody holds it (it waits in every inbox),
// else the holder's and the admins'.
func (h *hub) wakeStaff(holder string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[staffTopic] {
		if holder != "" && s.uid != holder && !s.admin {
			continue
		}
		select {
		case s.Wake <- struct{}{}:
		default:
		}
	}
}

// wakeAllVisitors wakes every visitor stream: the agents' availability changed.
func (h *hub) wakeAllVisitors() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for t, m := range h.subs {
		if t == staffTopic {
			continue
		}
		for s := range m {
			select {
			case s.Wake <- struct{}{}:
			default:
			}
		}
	}
}

// signal passes sig to the streams of topic, dropping it for a lagging one.
func (h *hub) signal(topic string, sig Signal) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[topic] {
		select {
		case s.Signals <- sig:
		default:
		}
	}
}

// Streams counts the open visitor and agent streams of this process.
func (s *Service) Streams() (visitors, agents int) {
	h := s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.visitors, len(h.subs[staffTopic])
}
