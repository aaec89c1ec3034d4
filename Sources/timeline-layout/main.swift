print("timeline-layout")
