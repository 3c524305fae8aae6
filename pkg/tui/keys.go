package tui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
)

// keyMap holds the bindings of the root model, common to every screen.
type keyMap struct {
	Quit    key.Binding
	Next    key.Binding
	Prev    key.Binding
	Tabs    [6]key.Binding
	Help    key.Binding
	Refresh key.Binding
	Pause   key.Binding
	Back    key.Binding
}

// newKeyMap builds the root's bindings with their French help.
func newKeyMap() keyMap {
	k := keyMap{
		Quit:    key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quitter")),
		Next:    key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "onglet suivant")),
		Prev:    key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("⇧tab", "onglet précédent")),
		Help:    key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "aide")),
		Refresh: key.NewBinding(key.WithKeys("r", "R"), key.WithHelp("r", "actualiser")),
		Pause:   key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pause")),
		Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "retour")),
	}
	digits := []string{"1", "2", "3", "4", "5", "6"}
	for i, d := range digits {
		k.Tabs[i] = key.NewBinding(key.WithKeys(d), key.WithHelp(d, "onglet "+d))
	}
	return k
}

// short are the root's bindings shown after the screen's in the short help.
func (k keyMap) short() []key.Binding {
	return []key.Binding{k.Next, k.Refresh, k.Help, k.Quit}
}

// full are the root's bindings as columns of the full help, with the
// digits of the n tabs shown.
func (k keyMap) full(n int) [][]key.Binding {
	tabs := key.NewBinding(key.WithKeys("1"), key.WithHelp(fmt.Sprintf("1–%d", n), "aller à l’onglet"))
	return [][]key.Binding{
		{k.Next, k.Prev, tabs, k.Back},
		{k.Refresh, k.Pause, k.Help, k.Quit},
	}
}

// helpKeys joins a screen's bindings (first) and the root's for help.Model.
type helpKeys struct {
	shortKeys []key.Binding
	fullKeys  [][]key.Binding
}

// ShortHelp implements help.KeyMap.
func (h helpKeys) ShortHelp() []key.Binding { return h.shortKeys }

// FullHelp implements help.KeyMap.
func (h helpKeys) FullHelp() [][]key.Binding { return h.fullKeys }
