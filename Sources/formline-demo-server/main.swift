// The demo server executable (issue 5).
print("formline-demo-server: not yet")
