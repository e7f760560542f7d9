import FormlineCLI

FormlineMain.run()
