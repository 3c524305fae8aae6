package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"

	"courtier/pkg/chat"
)

// What the live Conversations screen draws: the inbox as one table,
// waiting first, and the open conversation.

// items are the inbox's conversations in the order shown: waiting (the
// longest first), the actor's, then the other agents'.
func (m *chatScreen) items() []chat.InboxItem {
	if m.inbox == nil {
		return nil
	}
	out := append([]chat.InboxItem{}, m.inbox.Waiting...)
	out = append(out, m.inbox.Mine...)
	return append(out, m.inbox.Others...)
}

// selected is the conversation under the cursor, nil when none.
func (m *chatScreen) selected() *chat.InboxItem {
	if c := m.table.Cursor(); m.err == nil && c >= 0 && c < len(m.rows) {
		return &m.rows[c]
	}
	return nil
}

func (m *chatScreen) refreshRows() {
	var id string
	if it := m.selected(); it != nil {
		id = it.ID
	}
	m.rows = m.items()
	cursor := min(max(m.table.Cursor(), 0), max(len(m.rows)-1, 0))
	for i, it := range m.rows {
		if it.ID == id {
			cursor = i
		}
	}
	now, productWidth := m.now(), m.table.Columns()[2].Width
	rows := make([]table.Row, len(m.rows))
	for i, it := range m.rows {
		wait, unread, product := "—", "", shortProduct(it.Product, productWidth)
		if it.Agent == nil && it.WaitingSince != nil {
			wait = sinceText(*it.WaitingSince, now)
		}
		if it.Unread > 0 {
			unread = fmt.Sprint(it.Unread)
		}
		if product == "" {
			product = "—"
		}
		rows[i] = table.Row{marker(i == cursor, m.stateText(it)), it.Who.Name, product, wait, unread, elide(it.LastMessage, 200)}
	}
	m.table.SetRows(rows)
	m.table.SetCursor(cursor)
}

// stateText is who answers: « En attente », « Avec moi », « Avec {nom} ».
func (m *chatScreen) stateText(it chat.InboxItem) string {
	switch {
	case it.State == string(chat.ModeBot):
		return "Avec l’assistant"
	case it.Agent == nil:
		return "En attente"
	case it.Agent.UID == m.me.UID:
		return "Avec moi"
	}
	return "Avec " + it.Agent.Name
}

// whoText names the person on the visitor's side inside a sentence.
func whoText(w chat.Who) string {
	if w.UID == "" || w.Name == "" {
		return "un visiteur"
	}
	return w.Name
}

// sinceText is how long since t, short: « < 1 min », « 3 min », « 1 h 05 », « 2 j ».
func sinceText(t, now time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "<\u00a01\u00a0min"
	case d < time.Hour:
		return fmt.Sprintf("%d\u00a0min", int(d/time.Minute))
	case d < 24*time.Hour:
		return fmt.Sprintf("%d\u00a0h\u00a0%02d", int(d/time.Hour), int(d%time.Hour/time.Minute))
	}
	return fmt.Sprintf("%d\u00a0j", int(d/(24*time.Hour)))
}

// shortProduct fits a product's name in w cells: « Assurance habitation »
// becomes « Habitation » rather than « Assurance h… ».
func shortProduct(p string, w int) string {
	if rest, ok := strings.CutPrefix(p, "Assurance "); ok && len([]rune(p)) > w && rest != "" {
		r := []rune(rest)
		return strings.ToUpper(string(r[0])) + string(r[1:])
	}
	return p
}

// senderText names who wrote msg: the client or « Visiteur », the agent
// by name, « Assistant », « Système ».
func senderText(msg chat.Message, who chat.Who) string {
	switch msg.Sender {
	case chat.SenderUser:
		if who.UID != "" && who.Name != "" {
			return who.Name
		}
		return "Visiteur"
	case chat.SenderAgent:
		if msg.Agent != nil && msg.Agent.Name != "" {
			return msg.Agent.Name
		}
		return "Conseiller"
	case chat.SenderSystem:
		return "Système"
	}
	return "Assistant"
}

// refreshTranscript writes the open conversation into the viewport.
func (m *chatScreen) refreshTranscript() {
	c := m.conv
	if c == nil {
		return
	}
	now, w := m.now(), m.width-2
	var b strings.Builder
	for _, msg := range c.Messages {
		head := m.st.Muted.Render(frDate(msg.Timestamp, now)) + " " + m.st.Header.Render(senderText(msg, c.Who))
		if msg.Sender == chat.SenderAgent && msg.ID <= c.VisitorRead {
			head += m.st.Muted.Render(" · lu")
		}
		b.WriteString(head + "\n" + wrap(msg.Text, w) + "\n")
		for _, l := range msg.Links {
			b.WriteString(m.st.Muted.Render(elide("→ "+l.Label+" ("+l.Href+")", w)) + "\n")
		}
		b.WriteString("\n")
	}
	if len(c.Messages) == 0 {
		b.WriteString(m.st.Muted.Render("Aucun message."))
	}
	y := m.vp.YOffset
	m.vp.SetContent(strings.TrimRight(b.String(), "\n"))
	m.vp.SetYOffset(y)
}

func (m *chatScreen) View() string {
	if m.mode != chatList {
		return m.openView()
	}
	head := m.st.Title.Render("Conversations") + m.st.Muted.Render(" · "+m.summary())
	var body string
	switch {
	case m.err != nil:
		body = m.st.Error.Render(wrap(errorText(m.err), m.width))
	case !m.loaded:
		body = m.st.Muted.Render("Chargement…")
	case len(m.rows) == 0:
		body = m.st.Muted.Render(wrap("Aucune conversation avec un conseiller pour le moment\u00a0: les visiteurs qui en demandent un apparaîtront ici.", m.width))
	default:
		body = m.table.View()
	}
	return fitHeight(head+"\n"+body, m.width, m.height-1) + "\n"
}

// summary is the actor's availability and the counts of the inbox.
func (m *chatScreen) summary() string {
	in := m.inbox
	if in == nil {
		return "…"
	}
	state := "Disponible"
	if in.Away {
		state = "Absent"
	}
	parts := []string{state, fmt.Sprintf("%d en attente", len(in.Waiting)), fmt.Sprintf("%d avec vous", len(in.Mine))}
	if len(in.Others) > 0 {
		parts = append(parts, fmt.Sprintf("%d avec d’autres", len(in.Others)))
	}
	return strings.Join(parts, " · ")
}

func (m *chatScreen) openView() string {
	c := m.conv
	var head, body string
	switch {
	case m.convErr != nil:
		head, body = m.st.Title.Render("Conversation"), m.st.Error.Render(wrap(errorText(m.convErr), m.width))
	case c == nil:
		head, body = m.st.Title.Render("Conversation"), m.st.Muted.Render("Chargement…")
	default:
		who := c.Who.Name
		if c.Who.Email != "" {
			who += " <" + c.Who.Email + ">"
		}
		info := []string{m.stateText(c.InboxItem)}
		if c.Product != "" {
			info = append([]string{c.Product}, info...)
		}
		head = m.st.Title.Render(who) + m.st.Muted.Render(" · "+strings.Join(info, " · "))
		body = m.vp.View()
	}
	switch m.mode {
	case chatCanned, chatTransfer:
		body = m.pick.viewIn(m.st, m.width, m.height-2)
	}
	out := fitHeight(head+"\n"+body, m.width, m.height-1) + "\n"
	switch m.mode {
	case chatCompose:
		return out + "Message\u00a0: " + m.input.View()
	case chatConfirm:
		return out + m.st.Info.Render(elideAsk(m.ask.prompt, m.width))
	}
	return out + m.st.Muted.Render(elide(m.hint(), m.width))
}

// hint is the line under the transcript: what the conversation waits for.
func (m *chatScreen) hint() string {
	c := m.conv
	if c == nil || m.convErr != nil {
		return ""
	}
	switch {
	case c.Mode != chat.ModeAgent:
		return "L’assistant répond de nouveau dans cette conversation."
	case c.Agent == nil:
		h := "En attente d’un conseiller"
		if c.WaitingSince != nil {
			h += " depuis " + sinceText(*c.WaitingSince, m.now())
		}
		return h + "\u00a0: t pour la prendre."
	case c.Agent.UID != m.me.UID && !m.me.IsAdmin():
		return "Suivie par " + c.Agent.Name + "."
	case c.Agent.UID != m.me.UID:
		return "Suivie par " + c.Agent.Name + "\u00a0: r pour répondre en administrateur."
	}
	return "Vous répondez\u00a0: r ou entrée pour écrire, c pour une réponse type."
}

func (m *chatScreen) ShortHelp() []key.Binding {
	away := m.inbox != nil && m.inbox.Away
	switch m.mode {
	case chatList:
		h := []key.Binding{}
		if it := m.selected(); it != nil {
			h = append(h, chatKeys.Open)
			if it.Agent == nil {
				h = append(h, chatKeys.Take)
			}
		}
		return append(h, awayKey(away))
	case chatCompose:
		return []key.Binding{chatKeys.Send, chatKeys.Cancel}
	case chatCanned, chatTransfer:
		return m.pick.help()
	case chatConfirm:
		return confirmHelp()
	}
	h := []key.Binding{chatKeys.Back}
	can := m.can()
	for _, b := range []struct {
		ok bool
		k  key.Binding
	}{{can.take, chatKeys.Take}, {can.write, chatKeys.Reply}, {can.write, chatKeys.Canned},
		{can.manage, chatKeys.Transfer}, {can.manage, chatKeys.HandBack}, {can.manage, chatKeys.Close}} {
		if b.ok {
			h = append(h, b.k)
		}
	}
	return append(h, awayKey(away))
}

func (m *chatScreen) FullHelp() [][]key.Binding {
	h := [][]key.Binding{m.ShortHelp()}
	switch m.mode {
	case chatList:
		h = append(h, m.table.KeyMap.ShortHelp())
	case chatOpen:
		h = append(h, []key.Binding{chatKeys.Scroll})
	}
	return h
}
