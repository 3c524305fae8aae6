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

// cells are a conversation's cells in the inbox.
func (m *chatScreen) cells(it chat.InboxItem) table.Row {
	wait, unread, product := "—", "", shortProduct(it.Product, m.table.Columns()[2].Width)
	if it.Agent == nil && it.WaitingSince != nil {
		wait = sinceText(*it.WaitingSince, m.now())
	}
	if it.Unread > 0 {
		unread = fmt.Sprint(it.Unread)
	}
	if product == "" {
		product = "—"
	}
	return table.Row{m.stateText(it), it.Who.Name, product, wait, unread, elide(it.LastMessage, 200)}
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

// refreshTranscript writes the open conversation into the pane.
func (m *chatScreen) refreshTranscript(follow bool) {
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
	m.showText(strings.TrimRight(b.String(), "\n"), follow)
}

func (m *chatScreen) View() string {
	if m.mode == chatList {
		return m.listView(m.headLine("Conversations", m.summary()))
	}
	return m.openView()
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
	head, body := m.pane("Conversation", m.conv != nil, m.convErr, func() string {
		c := m.conv
		who := c.Who.Name
		if c.Who.Email != "" {
			who += " <" + c.Who.Email + ">"
		}
		info := []string{m.stateText(c.InboxItem)}
		if c.Product != "" {
			info = append([]string{c.Product}, info...)
		}
		return m.headLine(who, strings.Join(info, " · "))
	})
	bottom := m.st.Muted.Render(elide(m.hint(), m.width))
	switch {
	case m.choosing():
		body = m.pick.viewIn(m.st, m.width, m.height-2)
	case m.mode == chatCompose:
		bottom = "Message\u00a0: " + m.input.View()
	case m.ask != nil:
		bottom = m.bottom()
	}
	return m.page(head, body, bottom)
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
	switch m.mode {
	case chatCompose:
		return []key.Binding{chatKeys.Send, frameKeys.Cancel}
	}
	return m.help(m.actions())
}

func (m *chatScreen) FullHelp() [][]key.Binding {
	h := m.fullHelp(m.ShortHelp())
	if m.mode == chatOpen && m.ask == nil {
		h = append(h, []key.Binding{frameKeys.Scroll})
	}
	return h
}
