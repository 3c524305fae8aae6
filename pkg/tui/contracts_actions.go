package tui

import (
	"fmt"
	"strings"

	"courtier/pkg/contract"
	"courtier/pkg/fr"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// The actions on the open contract: accept or refuse a supporting
// document sent, save a document or a supporting document to a file.
// Each goes through at most a choice (when there are several), then a
// confirmation or a line to type.

// contractAction is the line typed for an action (its choice and its
// question, when it has them, are the frame's).
type contractAction struct {
	prompt  string
	onEnter func(text string) tea.Cmd
}

// ctrPick is the step where the file or the supporting document is chosen.
const ctrPick = frameOwn

// fileItem is a file of the open contract that may be saved.
type fileItem struct {
	kind, name, label, filename string
}

// reviewable are the open contract's supporting documents waiting for a
// check, when the actor may check them (the help offers only what works).
func (m *contractsScreen) reviewable() []contract.Proof {
	if m.open == nil || !m.src.Actor().IsStaff() {
		return nil
	}
	var out []contract.Proof
	for _, p := range m.open.Proofs {
		if p.Status == contract.ProofSent {
			out = append(out, p)
		}
	}
	return out
}

// files are the open contract's documents and the supporting documents sent.
func (m *contractsScreen) files() []fileItem {
	c := m.open
	if c == nil {
		return nil
	}
	var out []fileItem
	for _, d := range c.Documents {
		name, label := c.Number+"-"+d.Kind+".pdf", d.Title+" ("+fr.Date(d.IssuedAt, paris)+")"
		if d.Signed {
			name, label = c.Number+"-"+d.Kind+"-signe.pdf", d.Title+" ("+fr.Date(d.IssuedAt, paris)+", signé)"
		}
		out = append(out, fileItem{kind: "documents", name: d.ID, label: label, filename: name})
	}
	for _, p := range c.Proofs {
		if p.URL != "" {
			out = append(out, fileItem{kind: "proofs", name: p.Kind, label: "Justificatif\u00a0: " + p.Label + " (" + p.Name + ")",
				filename: c.Number + "-" + p.Kind + "-" + p.Name})
		}
	}
	return out
}

// on opens the action on one of n things: at once when there is one,
// through a list of labels otherwise.
func (m *contractsScreen) on(title string, labels []string, then func(i int) tea.Cmd) tea.Cmd {
	if len(labels) == 1 {
		return then(0)
	}
	m.choose(ctrPick, title, labels, then)
	return nil
}

// typeLine asks for a line after prompt, starting from value, on the
// screen's line; enter on an empty line does nothing, esc gives up.
func (m *contractsScreen) typeLine(prompt, value string, limit int, then func(string) tea.Cmd) tea.Cmd {
	m.act = &contractAction{prompt: prompt, onEnter: then}
	return m.startLine(value, limit, m.width-len([]rune(prompt))-1)
}

func proofLabels(list []contract.Proof) []string {
	out := make([]string, len(list))
	for i, p := range list {
		out[i] = p.Label + " · " + p.Name
	}
	return out
}

// accept asks which supporting document to accept, then confirms.
func (m *contractsScreen) accept() tea.Cmd {
	list, c := m.reviewable(), m.open
	return m.on("Justificatif à accepter", proofLabels(list), func(i int) tea.Cmd {
		p := list[i]
		m.ask = &confirm{prompt: fmt.Sprintf("Accepter «\u00a0%s\u00a0» du contrat %s\u00a0? (o/n)", p.Label, c.Number), run: func() tea.Cmd {
			return m.review(c, p, true, "")
		}}
		return nil
	})
}

// refuse asks which supporting document to refuse, then the reason.
func (m *contractsScreen) refuse() tea.Cmd {
	list, c := m.reviewable(), m.open
	return m.on("Justificatif à refuser", proofLabels(list), func(i int) tea.Cmd {
		p := list[i]
		return m.typeLine("Motif du refus\u00a0: ", "", 500, func(reason string) tea.Cmd {
			return m.review(c, p, false, reason)
		})
	})
}

// review runs the check through the Source.
func (m *contractsScreen) review(c *contract.Contract, p contract.Proof, accept bool, reason string) tea.Cmd {
	src, ctx, id := m.src, m.ctx, c.ID
	done := fmt.Sprintf("%s du contrat %s accepté.", p.Label, c.Number)
	if !accept {
		done = fmt.Sprintf("%s du contrat %s refusé\u00a0: le client en est informé.", p.Label, c.Number)
	}
	return afterAction(func() tea.Msg { return errOr(src.ReviewProof(ctx, id, p.Kind, accept, reason), done) })
}

// save asks which file to save, then where.
func (m *contractsScreen) save() tea.Cmd {
	list, id := m.files(), m.open.ID
	labels := make([]string, len(list))
	for i, f := range list {
		labels[i] = f.label
	}
	return m.on("Fichier à enregistrer", labels, func(i int) tea.Cmd {
		f := list[i]
		return m.typeLine("Enregistrer sous\u00a0: ", f.filename, 1000, func(path string) tea.Cmd {
			src, ctx := m.src, m.ctx
			return func() tea.Msg {
				n, err := src.SaveContractFile(ctx, id, f.kind, f.name, path)
				return errOr(err, fmt.Sprintf("Enregistré dans %s (%s\u00a0octets).", path, fr.Int(n)))
			}
		})
	})
}

// lineKey hands a key to the line typed.
func (m *contractsScreen) lineKey(msg tea.KeyMsg) tea.Cmd {
	a := m.act
	switch {
	case key.Matches(msg, frameKeys.Cancel):
		m.act = nil
		m.endLine()
	case key.Matches(msg, frameKeys.Apply):
		// An empty line is no answer: the input stays open.
		text := strings.TrimSpace(m.input.Value())
		if text == "" {
			return nil
		}
		m.act = nil
		m.endLine()
		return a.onEnter(text)
	default:
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(msg)
		return cmd
	}
	return nil
}
