from ygo.cli.main import main

main()
