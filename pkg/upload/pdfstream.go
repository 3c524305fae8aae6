package upload

import "bytes"

// stream is the data of one PDF stream, as far as a search can tell.
type stream struct {
	// body and end delimit the data: from after the "stream" keyword's
	// end of line to the first "endstream" (or the end of the file).
	body, end int
	// binary says the dictionary before it describes pixels or a
	// cross-reference stream (offsets), and not an object stream.
	binary bool
	// predicted says the data is not binary yet passes through a
	// predictor after inflating: the bytes inflated are not those a
	// reader reads, so names could hide in them.
	predicted bool
}

// dictWindow bounds how far before "stream" its dictionary is looked
// for: stream dictionaries are short, and the bound keeps the search
// linear in the file's size.
const dictWindow = 4 << 10

// findStreams returns the streams of a PDF in the order of their data,
// each "stream" keyword that is a token followed by an end of line. A
// "stream" inside text may be taken for one: that makes the search
// wider, never narrower.
func findStreams(data []byte) []stream {
	var out []stream
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte("stream"))
		if j < 0 {
			return out
		}
		at := i + j
		i = at + len("stream")
		if at > 0 && regular(data[at-1]) {
			continue // "endstream", "upstream"…
		}
		body := i
		if body < len(data) && data[body] == '\r' {
			body++
		}
		if body < len(data) && data[body] == '\n' {
			body++
		}
		if body == i {
			continue
		}
		end := len(data)
		if k := bytes.Index(data[body:], []byte("endstream")); k >= 0 {
			end = body + k
		}
		binary, predicted := classify(dictBefore(data, at))
		out = append(out, stream{body: body, end: end, binary: binary, predicted: predicted})
	}
}

// dictBefore returns the text of the object before a "stream" keyword at
// at: from its "obj" keyword, within dictWindow.
func dictBefore(data []byte, at int) []byte {
	window := data[max(0, at-dictWindow):at]
	if k := bytes.LastIndex(window, []byte("obj")); k >= 0 {
		return window[k:]
	}
	return window
}

// classify reads a stream dictionary: binary when it describes an image
// (by its subtype or an image filter) or a cross-reference stream and
// not an object stream; predicted when it is not binary and names a
// predictor (producers use them for images and cross-references only).
func classify(dict []byte) (binary, predicted bool) {
	var objects, predictor bool
	eachName(dict, true, func(name []byte, _ int) {
		switch string(name) {
		case "Image", "XRef", "DCTDecode", "DCT", "JPXDecode", "CCITTFaxDecode", "CCF", "JBIG2Decode":
			binary = true
		case "ObjStm":
			objects = true
		case "Predictor":
			predictor = true
		}
	})
	binary = binary && !objects
	return binary, predictor && !binary
}
