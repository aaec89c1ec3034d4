// Module LayoutService: the v1 API (DESIGN §7) and the command line, joining PhotoLayout
// and HTTPServer.
