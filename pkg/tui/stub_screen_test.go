package tui

import (
	"context"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// tmpScreen is a screen that shows its title only: the root model's tests
// use it (through stubScreen) to see routing without a real screen.
type tmpScreen struct{ title string }

func (s *tmpScreen) Title() string                    { return s.title }
func (s *tmpScreen) SetSize(int, int)                 {}
func (s *tmpScreen) Load(context.Context) tea.Cmd     { return nil }
func (s *tmpScreen) Update(tea.Msg) (Screen, tea.Cmd) { return s, nil }
func (s *tmpScreen) View() string                     { return s.title }
func (s *tmpScreen) ShortHelp() []key.Binding         { return nil }
func (s *tmpScreen) FullHelp() [][]key.Binding        { return nil }
func (s *tmpScreen) Capturing() bool                  { return false }
